import { describe, expect, it } from 'vitest';
import { boundedBatches } from '../../src/domain/batches.js';

describe('boundedBatches', () => {
  it('cuts by count, keeping the order', () => {
    expect(boundedBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('cuts by weight too, and gives an item heavier than the bound a batch of its own', () => {
    const sizes = [3, 3, 5, 20, 1, 1];
    expect(boundedBatches(sizes, 10, 8, (n) => n)).toEqual([[3, 3], [5], [20], [1, 1]]);
  });

  it('returns nothing for nothing and rejects a count below one', () => {
    expect(boundedBatches([], 3)).toEqual([]);
    expect(() => boundedBatches([1], 0)).toThrow(RangeError);
  });
});
