import { getEncodingNameForModel, Tiktoken, type TiktokenBPE, type TiktokenModel } from 'js-tiktoken/lite';
import { estimatedTokens, type TokenCounter, type TokenizerSetting } from '../domain/tokens.js';

type Encoding = Exclude<TokenizerSetting, 'auto' | 'estimate'>;

const RANKS: Record<Encoding, () => Promise<{ default: TiktokenBPE }>> = {
  o200k_base: () => import('js-tiktoken/ranks/o200k_base'),
  cl100k_base: () => import('js-tiktoken/ranks/cl100k_base'),
};

/**
 * The encoding a setting names. `auto` follows the chat model when Strata is configured with one that tiktoken
 * knows (the reader of the context block is most likely that model), and is o200k_base otherwise: the encoding of
 * current OpenAI models, and a fair count for other modern BPE vocabularies.
 */
export function encodingFor(setting: TokenizerSetting, chatModel?: string): Encoding | 'estimate' {
  if (setting !== 'auto') return setting;
  if (chatModel) {
    try {
      const name = getEncodingNameForModel(chatModel as TiktokenModel);
      if (name === 'o200k_base' || name === 'cl100k_base') return name;
    } catch {
      // Not a model tiktoken knows: fall through to the default.
    }
  }
  return 'o200k_base';
}

// Building an encoder parses its ranks (about a second, and some 70 MB of heap, 145 MB of RSS for o200k_base), so
// each is built once per process, and only when first asked for.
const loaded = new Map<Encoding, Promise<TokenCounter>>();

/** A counter for the encoding, or the estimate when it is asked for or the encoding cannot load (`onFallback` says why). */
export async function loadTokenCounter(
  encoding: Encoding | 'estimate',
  onFallback: (error: unknown) => void = () => {},
): Promise<TokenCounter> {
  if (encoding === 'estimate') return estimatedTokens;
  let counter = loaded.get(encoding);
  if (!counter) {
    counter = RANKS[encoding]().then(({ default: ranks }) => bpeCounter(encoding, new Tiktoken(ranks)));
    loaded.set(encoding, counter);
  }
  try {
    return await counter;
  } catch (error) {
    loaded.delete(encoding);
    onFallback(error);
    return estimatedTokens;
  }
}

function bpeCounter(name: Encoding, encoder: Tiktoken): TokenCounter {
  // Special-token markers in a memory ("<|endoftext|>") are counted as the plain text they are, never refused.
  return { name, count: (text) => (text === '' ? 0 : encoder.encode(text, [], []).length) };
}

/**
 * A counter loaded on first use: a process that never builds a context block (the CLI, a worker that only runs
 * cycles) never pays for the encoder's ranks.
 */
export function lazyTokenCounter(
  encoding: Encoding | 'estimate',
  onFallback: (error: unknown) => void = () => {},
): () => Promise<TokenCounter> {
  let counter: Promise<TokenCounter> | undefined;
  return () => {
    counter ??= loadTokenCounter(encoding, onFallback);
    return counter;
  };
}
