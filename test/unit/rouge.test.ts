import { describe, expect, it } from 'vitest';
import { lcsLength, leadWords, rouge, rougeTokens } from '../../bench/lib/rouge.js';

describe('rouge', () => {
  it('is 1 for the same text and 0 for nothing in common or an empty side', () => {
    expect(rouge('the cat sat', 'The cat sat.')).toEqual({ rouge1: 1, rougeL: 1 });
    expect(rouge('dogs bark', 'the cat sat')).toEqual({ rouge1: 0, rougeL: 0 });
    expect(rouge('', 'the cat sat')).toEqual({ rouge1: 0, rougeL: 0 });
  });

  it('matches values worked out by hand', () => {
    // Lin (2004)'s example: reference "police killed the gunman"; candidate "police kill the gunman" shares all four
    // words once stemmed; "the gunman kill police" shares four unigrams but an LCS of two ("the gunman").
    expect(rouge('police kill the gunman', 'police killed the gunman')).toEqual({ rouge1: 1, rougeL: 1 });
    const swapped = rouge('the gunman kill police', 'police killed the gunman');
    expect(swapped.rouge1).toBe(1);
    expect(swapped.rougeL).toBeCloseTo(0.5);
    // 2 of 3 candidate words, 2 of 4 reference words: P 2/3, R 1/2, F1 4/7.
    expect(rouge('a b x', 'a b c d').rouge1).toBeCloseTo(4 / 7);
    // Clipped: "a a a" against "a b" has one "a" in common.
    expect(rouge('a a a', 'a b').rouge1).toBeCloseTo((2 * (1 / 3) * (1 / 2)) / (1 / 3 + 1 / 2));
  });

  it('stems and lower-cases words, and drops punctuation', () => {
    expect(rougeTokens('Running, RUNS!')).toEqual(['run', 'run']);
    expect(lcsLength(['a', 'b', 'c', 'd'], ['b', 'd', 'a'])).toBe(2);
  });

  it('takes the lead words of texts in order', () => {
    expect(leadWords(['one two', 'three four five'], 4)).toBe('one two three four');
    expect(leadWords(['one'], 4)).toBe('one');
  });
});
