import type { Config } from '../../config.js';
import { perMessage, type SessionEntityExtractor } from '../../domain/entities.js';
import { createChatModel } from '../summarizers/index.js';
import { LlmEntityExtractor } from './llm.js';
import { lazyLocalEntityExtractor } from './local.js';

/**
 * The cycle's entity extractor: the chat model's when the summarizer is one (with the local extractor as its
 * fallback), else the local one. The local model is read on first use, by either.
 */
export function createEntityExtractor(config: Config): () => SessionEntityExtractor {
  const local = lazyLocalEntityExtractor();
  if (config.summarizer.kind === 'openai') {
    const llm = new LlmEntityExtractor({
      model: createChatModel(config),
      modelName: config.openai.chatModel,
      local,
      maxRetries: config.openai.maxRetries,
    });
    return () => llm;
  }
  let extractor: SessionEntityExtractor | null = null;
  return () => {
    extractor ??= perMessage(local());
    return extractor;
  };
}
