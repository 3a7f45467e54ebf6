import { describe, expect, it } from 'vitest';
import { startScheduler } from '../../src/jobs/scheduler.js';
import { createLogger } from '../../src/log.js';

const NEVER = '0 0 1 1 *';
const log = createLogger('silent');
const pause = () => new Promise((r) => setTimeout(r, 5));
/** Cycles that share nothing: what the scheduler sees with CYCLE_SHARED_COMMITS=1. */
const alone = () => ({ join: <T>(task: () => Promise<T>) => task() });

describe('startScheduler', () => {
  it('runs one cycle per due group on each tick, at most `concurrency` at a time', async () => {
    for (const concurrency of [1, 2]) {
      const ran: string[] = [];
      let running = 0;
      let most = 0;
      const scheduler = startScheduler({
        schedule: NEVER,
        concurrency,
        groupsDue: async () => ['a', 'b', 'c', 'd', 'e'],
        runCycle: async (groupId) => {
          most = Math.max(most, ++running);
          await pause();
          running--;
          ran.push(groupId);
          return { status: 'succeeded' };
        },
        shareCommits: alone,
        log,
      });
      await scheduler.tick();
      await scheduler.stop();
      expect(ran.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(most).toBe(concurrency);
    }
  });

  it('ends the tick when a cycle throws, once the cycles under way end, and starts no more groups', async () => {
    const started: string[] = [];
    let underWay = 0;
    const scheduler = startScheduler({
      schedule: NEVER,
      concurrency: 2,
      groupsDue: async () => ['a', 'b', 'c', 'd'],
      runCycle: async (groupId) => {
        started.push(groupId);
        underWay++;
        try {
          if (groupId === 'a') throw new Error('connection refused');
          await pause();
          return { status: 'succeeded' };
        } finally {
          underWay--;
        }
      },
      shareCommits: alone,
      log,
    });
    await expect(scheduler.tick()).resolves.toBeUndefined();
    expect(underWay).toBe(0);
    expect(started).toEqual(['a', 'b']);
    await scheduler.stop();
  });

  it('survives a tick that fails (Neo4j down) and tries again at the next one', async () => {
    let calls = 0;
    const scheduler = startScheduler({
      schedule: NEVER,
      concurrency: 2,
      groupsDue: async () => {
        calls++;
        if (calls === 1) throw new Error('connection refused');
        return [];
      },
      runCycle: async () => ({ status: 'succeeded' }),
      shareCommits: alone,
      log,
    });
    await expect(scheduler.tick()).resolves.toBeUndefined();
    await expect(scheduler.tick()).resolves.toBeUndefined();
    await scheduler.stop();
    expect(calls).toBe(2);
  });

  it('runs every cycle of a tick inside one scope of shared commits, a new scope each tick', async () => {
    const scopes: number[] = [];
    const ranIn = new Map<string, number>();
    let current = -1;
    const scheduler = startScheduler({
      schedule: NEVER,
      concurrency: 2,
      groupsDue: async () => ['a', 'b', 'c'],
      runCycle: async (groupId) => {
        ranIn.set(`${scopes.length}:${groupId}`, current);
        return { status: 'succeeded' };
      },
      shareCommits: () => {
        const scope = scopes.push(scopes.length) - 1;
        return {
          join: async <T>(task: () => Promise<T>) => {
            current = scope;
            try {
              return await task();
            } finally {
              current = -1;
            }
          },
        };
      },
      log,
    });
    await scheduler.tick();
    await scheduler.tick();
    await scheduler.stop();
    expect(scopes).toEqual([0, 1]);
    expect(Object.fromEntries(ranIn)).toEqual({ '1:a': 0, '1:b': 0, '1:c': 0, '2:a': 1, '2:b': 1, '2:c': 1 });
  });
});
