import { describe, expect, it } from 'vitest';
import { inParallel } from '../../src/jobs/in-parallel.js';

const pause = () => new Promise((r) => setTimeout(r, 5));

describe('inParallel', () => {
  it('does every item, never more than `concurrency` at a time', async () => {
    for (const concurrency of [1, 3, 10]) {
      const done: number[] = [];
      let running = 0;
      let most = 0;
      await inParallel([1, 2, 3, 4, 5], concurrency, async (n) => {
        most = Math.max(most, ++running);
        await pause();
        running--;
        done.push(n);
      });
      expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
      expect(most).toBe(Math.min(concurrency, 5));
    }
  });

  it('after a failure starts nothing more, and rejects with it once the work under way has ended', async () => {
    const started: string[] = [];
    let underWay = 0;
    const run = inParallel(['a', 'b', 'c', 'd'], 2, async (item) => {
      started.push(item);
      underWay++;
      try {
        if (item === 'a') throw new Error('a failed');
        await pause();
      } finally {
        underWay--;
      }
    });
    await expect(run).rejects.toThrow('a failed');
    expect(underWay).toBe(0);
    expect(started).toEqual(['a', 'b']);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await inParallel([], 4, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});
