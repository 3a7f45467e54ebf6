import { ChatOpenAI } from '@langchain/openai';
import type { Config } from '../../config.js';
import { LlmSummarizer } from './llm.js';
import { LocalExtractiveSummarizer, type SyncEmbedder } from './local.js';
import type { Summarizer } from './types.js';

/**
 * The configured summarizer. The local one needs a synchronous embedder (the hashing one) even when OpenAI
 * embeddings are configured; it is also the OpenAI summarizer's fallback, so a cycle never stops for an outage.
 */
export function createSummarizer(config: Config, embedder: SyncEmbedder): Summarizer {
  const local = new LocalExtractiveSummarizer(embedder);
  if (config.summarizer.kind === 'local') return local;
  return new LlmSummarizer({
    model: createChatModel(config),
    modelName: config.openai.chatModel,
    fallback: local,
    maxRetries: config.openai.maxRetries,
  });
}

/** The configured OpenAI (or OpenAI-compatible) chat model, deterministic and without its own retries. */
export function createChatModel(config: Config): ChatOpenAI {
  return new ChatOpenAI({
    model: config.openai.chatModel,
    apiKey: config.openai.apiKey ?? 'not-needed-for-local-servers',
    configuration: config.openai.baseURL ? { baseURL: config.openai.baseURL } : undefined,
    temperature: 0,
    timeout: config.openai.timeoutMs,
    // LlmSummarizer retries with backoff itself and then falls back; a second retry layer would only add delay.
    maxRetries: 0,
  });
}
