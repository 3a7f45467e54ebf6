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
  const tick = async () => {
    try {
      const groups = await deps.groupsDue();
      for (const groupId of groups) await deps.runCycle(groupId);
    } catch (error) {
      deps.log.error({ err: error }, 'scheduler tick failed; trying again at the next tick');
    }
  };
  const task = cron.schedule(deps.schedule, tick, { noOverlap: true, name: 'strata-cycle' });
  deps.log.info({ schedule: deps.schedule }, 'scheduler started');
  return {
    tick,
    stop: async () => {
      await task.stop();
    },
  };
}
