import { OpenAIEmbeddings } from '@langchain/openai';
import type { Config } from '../../config.js';

/** OpenAI, or any OpenAI-compatible server (Ollama, vLLM, LM Studio) through OPENAI_BASE_URL. */
export function createOpenAIEmbeddings(
  openai: Config['openai'],
  dimension: number | undefined,
): OpenAIEmbeddings {
  return new OpenAIEmbeddings({
    model: openai.embeddingModel,
    apiKey: openai.apiKey ?? 'not-needed-for-local-servers',
    configuration: openai.baseURL ? { baseURL: openai.baseURL } : undefined,
    dimensions: dimension,
    // One request embeds many texts; LangChain splits larger inputs into batches of this size.
    batchSize: 256,
    maxRetries: openai.maxRetries,
    timeout: openai.timeoutMs,
  });
}
