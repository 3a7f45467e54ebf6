import cron from 'node-cron';
import type { Logger } from '../log.js';

export interface SchedulerDeps {
  schedule: string;
  groupsDue(): Promise<string[]>;
  runCycle(groupId: string): Promise<{ status: string }>;
  log: Logger;
}

/**
 * Runs the cycle on a cron expression for every group with new data or waiting work. A tick never overlaps the
 * previous one in this process; across processes the per-group lease decides who runs.
 */
export function startScheduler(deps: SchedulerDeps): { stop(): Promise<void>; tick(): Promise<void> } {
  let stopped = false;
  let current: Promise<void> | null = null;
  const run = async () => {
    try {
      const groups = await deps.groupsDue();
      for (const groupId of groups) {
        if (stopped) return;
        await deps.runCycle(groupId);
      }
    } catch (error) {
      deps.log.error({ err: error }, 'scheduler tick failed; trying again at the next tick');
    }
  };
  const tick = () => {
    if (stopped) return Promise.resolve();
    current = run().finally(() => {
      current = null;
    });
    return current;
  };
  const task = cron.schedule(deps.schedule, tick, { noOverlap: true, name: 'strata-cycle' });
  deps.log.info({ schedule: deps.schedule }, 'scheduler started');
  return {
    tick,
    /** No more ticks; the tick in progress ends after the cycle it is in (which stops at its next period). */
    stop: async () => {
      stopped = true;
      await task.stop();
      await current;
    },
  };
}
