/**
 * Counts tokens the way the reader of a text does. The real counters (BPE encodings) live in ai/tokenizer.ts;
 * `estimatedTokens` is the fallback when none is configured or one cannot load.
 */
/** CONTEXT_TOKENIZER: the encodings Strata ships (inside js-tiktoken, so nothing is downloaded), and the estimate. */
export const TOKENIZERS = ['auto', 'o200k_base', 'cl100k_base', 'estimate'] as const;
export type TokenizerSetting = (typeof TOKENIZERS)[number];

export interface TokenCounter {
  /** The encoding, e.g. "o200k_base", or "estimate". */
  readonly name: string;
  count(text: string): number;
}

/**
 * Rough token count without a tokenizer: English prose runs about 1.3 tokens per word, while code, ids
 * and numbers run nearer 4 characters per token. Taking the larger of the two, rounded up, errs towards
 * overestimating, which is the safe side for a budget.
 */
export function estimateTokens(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.ceil(Math.max(words * 1.3, text.length / 4));
}

export const estimatedTokens: TokenCounter = { name: 'estimate', count: estimateTokens };
