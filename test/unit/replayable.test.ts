import { describe, expect, it } from 'vitest';
import { replayable } from '../../src/graph/replayable.js';

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** 1, 2, 3, noting each in `produced` as it is taken. */
function counting() {
  const produced: number[] = [];
  async function* source() {
    for (const n of [1, 2, 3]) {
      produced.push(n);
      yield n;
    }
  }
  return { produced, items: replayable(source()) };
}

describe('replayable', () => {
  it('gives the same items to every iteration, taking each from its source once', async () => {
    const { produced, items } = counting();
    expect(await all(items)).toEqual([1, 2, 3]);
    expect(await all(items)).toEqual([1, 2, 3]);
    expect(produced).toEqual([1, 2, 3]);
  });

  it('takes from the source only as far as it is iterated, and goes on from there the next time', async () => {
    const { produced, items } = counting();
    for await (const n of items) if (n === 1) break;
    expect(produced).toEqual([1]);
    expect(await all(items)).toEqual([1, 2, 3]);
    expect(produced).toEqual([1, 2, 3]);
  });

  it("passes the source's failure on, to every iteration after the items taken before it", async () => {
    async function* source() {
      yield 1;
      throw new Error('embedder down');
    }
    const items = replayable(source());
    await expect(all(items)).rejects.toThrow('embedder down');
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const n of items) seen.push(n);
      })(),
    ).rejects.toThrow('embedder down');
    expect(seen).toEqual([1]);
  });
});
