import cron from 'node-cron';
import type { SharedCommits } from '../graph/shared-commits.js';
import type { Logger } from '../log.js';
import { inParallel } from './in-parallel.js';

/** Cycles run through `join` commit their writes together (graph/shared-commits.ts); one scope per tick. */
export type CycleCommits = Pick<SharedCommits<unknown>, 'join'>;

export interface SchedulerDeps {
  schedule: string;
  /** Groups cycled at the same time: one group's round trips to Neo4j leave room for another's summarising. */
  concurrency: number;
  groupsDue(): Promise<string[]>;
  runCycle(groupId: string): Promise<{ status: string }>;
  shareCommits(): CycleCommits;
  log: Logger;
}

/**
 * Runs the cycle on a cron expression for every group with new data or waiting work, `concurrency` groups at a
 * time, whose writes share commits. A tick never overlaps the previous one in this process; across processes the
 * per-group lease decides who runs. A cycle that throws (Neo4j gone before it could start) ends the tick once the
 * cycles under way end.
 */
export function startScheduler(deps: SchedulerDeps): { stop(): Promise<void>; tick(): Promise<void> } {
  let stopped = false;
  let current: Promise<void> | null = null;
  const run = async () => {
    try {
      const groups = await deps.groupsDue();
      const commits = deps.shareCommits();
      await inParallel(groups, deps.concurrency, async (groupId) => {
        if (!stopped) await commits.join(() => deps.runCycle(groupId));
      });
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
    /** No more ticks; the tick in progress ends after the cycles it is in (each stops at its next period). */
    stop: async () => {
      stopped = true;
      await task.stop();
      await current;
    },
  };
}
