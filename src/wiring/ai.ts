import { createLlmCompaction, HistoryCompactor } from '../ai/compaction.js';
import { HashingEmbeddings } from '../ai/embeddings/hashing.js';
import { createEmbedder, type Embedder } from '../ai/embeddings/index.js';
import { createChatModel, createSummarizer } from '../ai/summarizers/index.js';
import { LocalExtractiveSummarizer } from '../ai/summarizers/local.js';
import type { Summarizer } from '../ai/summarizers/types.js';
import { encodingFor, lazyTokenCounter } from '../ai/tokenizer.js';
import type { Config } from '../config.js';
import type { TokenCounter } from '../domain/tokens.js';
import type { Logger } from '../log.js';
import { countedEmbedder, countedSummarizer, type StrataMetrics } from '../metrics.js';

/** The models Strata runs: the configured embedder and summarizer (counted in the metrics), and their helpers. */
export interface Ai {
  embedder: Embedder;
  summarizer: Summarizer;
  /** The extractive summarizer, which the cycle falls back to when the configured one fails. */
  localSummarizer: LocalExtractiveSummarizer;
  /** Compacts a conversation's history (POST /v1/compact): locally, or with the chat model when one is set. */
  compactor: HistoryCompactor;
  /** The counter of a context block's tokens, in the configured chat model's encoding, loaded on first use. */
  contextTokens: () => Promise<TokenCounter>;
}

/** Parts a caller may bring instead of those the configuration chooses (a benchmark comparing two summarizers). */
export interface StrataParts {
  summarizer?: Summarizer;
  /** The extractive summarizer of thin periods and fallbacks; a local `summarizer` brought stands in for it too. */
  localSummarizer?: LocalExtractiveSummarizer;
}

export async function createAi(
  config: Config,
  log: Logger,
  metrics: StrataMetrics,
  parts: StrataParts = {},
): Promise<Ai> {
  const embedder = countedEmbedder(await createEmbedder(config, log), metrics);
  // The extractive summarizer ranks sentences with the local hashing vectors whatever embedder stores them.
  const sentenceVectors = new HashingEmbeddings({ dimension: 384 });
  const summarizer = countedSummarizer(
    parts.summarizer ?? createSummarizer(config, sentenceVectors),
    metrics,
  );
  const localSummarizer =
    parts.localSummarizer ??
    (parts.summarizer instanceof LocalExtractiveSummarizer
      ? parts.summarizer
      : new LocalExtractiveSummarizer(sentenceVectors));
  const compactor = new HistoryCompactor({
    local: localSummarizer,
    ...(config.summarizer.kind === 'openai' ? { llm: createLlmCompaction(createChatModel(config)) } : {}),
  });
  const contextTokens = lazyTokenCounter(
    encodingFor(config.context.tokenizer, config.context.chatModel),
    (error) => log.warn({ err: error }, 'context tokenizer could not load; token counts are estimates'),
  );
  return { embedder, summarizer, localSummarizer, compactor, contextTokens };
}
