import { describe, expect, it } from 'vitest';
import { abbaOrder, pairedDifference } from '../../bench/lib/paired.js';

describe('paired rounds (bench)', () => {
  it('takes turns A B, B A, A B, B A', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(abbaOrder)).toEqual([0, 1, 1, 0, 0, 1, 1, 0]);
  });

  it('gives the mean difference within pairs and its standard error, over the pairs both sides have', () => {
    const d = pairedDifference([10, 12, 14, 99], [9, 10, 11]);
    expect(d.pairs).toBe(3);
    expect(d.mean).toBeCloseTo(2);
    // Differences 1, 2, 3: sample variance 1, so the standard error is sqrt(1 / 3).
    expect(d.standardError).toBeCloseTo(Math.sqrt(1 / 3));
  });
});
