import { describe, expect, it } from 'vitest';
import { startScheduler } from '../../src/jobs/scheduler.js';
import { createLogger } from '../../src/log.js';

describe('startScheduler', () => {
  it('runs one cycle per due group, one after another, on each tick', async () => {
    const ran: string[] = [];
    let running = 0;
    const scheduler = startScheduler({
      schedule: '0 0 1 1 *',
      groupsDue: async () => ['a', 'b', 'c'],
      runCycle: async (groupId) => {
        running++;
        expect(running).toBe(1);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        ran.push(groupId);
        return { status: 'succeeded' };
      },
      log: createLogger('silent'),
    });
    await scheduler.tick();
    await scheduler.stop();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('survives a tick that fails (Neo4j down) and tries again at the next one', async () => {
    let calls = 0;
    const scheduler = startScheduler({
      schedule: '0 0 1 1 *',
      groupsDue: async () => {
        calls++;
        if (calls === 1) throw new Error('connection refused');
        return [];
      },
      runCycle: async () => ({ status: 'succeeded' }),
      log: createLogger('silent'),
    });
    await expect(scheduler.tick()).resolves.toBeUndefined();
    await expect(scheduler.tick()).resolves.toBeUndefined();
    await scheduler.stop();
    expect(calls).toBe(2);
  });
});
