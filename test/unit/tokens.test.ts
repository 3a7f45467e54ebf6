import { describe, expect, it } from 'vitest';
import { encodingFor, loadTokenCounter } from '../../src/ai/tokenizer.js';
import { estimatedTokens, estimateTokens } from '../../src/domain/tokens.js';

describe('estimateTokens', () => {
  it('takes the larger of 1.3 tokens per word and 4 characters per token, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('one two three four')).toBe(6); // 5.2 by words, 4.5 by characters
    expect(estimateTokens('x'.repeat(40))).toBe(10); // one long "word": characters win
    expect(estimateTokens('a b c d e f g h i j')).toBe(13); // 13 by words, 4.75 by characters
  });
});

describe('encodingFor', () => {
  it('follows the chat model when tiktoken knows it, else o200k_base; a named encoding wins', () => {
    expect(encodingFor('auto', 'gpt-4o-mini')).toBe('o200k_base');
    expect(encodingFor('auto', 'gpt-4')).toBe('cl100k_base');
    expect(encodingFor('auto', 'llama3.1:8b')).toBe('o200k_base');
    expect(encodingFor('auto')).toBe('o200k_base');
    expect(encodingFor('cl100k_base', 'gpt-4o')).toBe('cl100k_base');
    expect(encodingFor('estimate', 'gpt-4o')).toBe('estimate');
  });
});

describe('loadTokenCounter', () => {
  it('counts with the real encodings, which differ from the estimate', async () => {
    const o200k = await loadTokenCounter('o200k_base');
    const cl100k = await loadTokenCounter('cl100k_base');
    expect(o200k.name).toBe('o200k_base');
    expect(o200k.count('')).toBe(0);
    expect(o200k.count('hello world')).toBe(2);
    expect(cl100k.count('hello world')).toBe(2);
    // A word split differently by the two vocabularies, and not 1.3 tokens a word.
    const text = 'Caroline: I went to the LGBTQ support group yesterday, it was so powerful.';
    expect(o200k.count(text)).not.toBe(estimateTokens(text));
    // A special-token marker in a memory is counted as text, not refused.
    expect(o200k.count('before <|endoftext|> after')).toBeGreaterThan(3);
  });

  it('is the estimate when asked for it', async () => {
    expect(await loadTokenCounter('estimate')).toBe(estimatedTokens);
  });
});
