import { describe, expect, it } from 'vitest';
import { FirstK } from '../../src/domain/first-k.js';

describe('FirstK', () => {
  it('keeps what sorting every item and taking the first k keeps, in that order', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const order = (a: { v: number; id: number }, b: { v: number; id: number }) => b.v - a.v || a.id - b.id;
    for (const [n, k] of [
      [0, 3],
      [5, 0],
      [4, 10],
      [200, 1],
      [600, 10],
      [50, 50],
    ] as const) {
      // Few distinct values, so that ties fall to the second key.
      const items = Array.from({ length: n }, (_, id) => ({ v: Math.floor(random() * 20), id }));
      const first = new FirstK(k, order);
      for (const item of items) first.offer(item);
      expect(first.items()).toEqual([...items].sort(order).slice(0, k));
    }
  });
});
