import type { Strata } from '../../src/strata.js';
import type { Deadline } from './cli.js';
import { type CycleRound, cycleGroups } from './cycles.js';
import { type BenchData, benchData } from './demo-data.js';
import { ingestGroups, type LoadStats } from './load.js';
import { RssSampler } from './rss.js';
import { awaitIdleServerLine, withCpu } from './server-cpu.js';
import { benchGroupId } from './strata.js';
import type { StatementMemory, transactionMemory } from './transaction-memory.js';

export interface RolledUp {
  data: BenchData;
  groupIds: string[];
  load: LoadStats;
  /** The cycle's now: two hours into the first day after the data, so the last day and its grace are over. */
  now: Date;
  full: CycleRound;
  /** The CPU the full cycle cost the app and Neo4j (zero for reused groups). */
  fullCpu: { appMs: number; serverMs: number };
  /** Each statement's peak transaction memory during the full cycle, when a sampler was given. */
  fullMemory: StatementMemory[];
  /**
   * This process's resident memory when the full cycle began and its sampled peak during it (zero for reused
   * groups): what the cycles held at once, over the bench's own data.
   */
  fullRss: { beforeBytes: number; peakBytes: number };
}

/**
 * The shared setup of the aggregate and recall benchmarks: demo data over `months`, ingested through
 * services.ingest (4 groups at a time; not what is being measured), then, once the server has caught up with the
 * load, one full cycle over every group.
 */
export async function loadAndRollUp(
  strata: Strata,
  opts: {
    label: string;
    memories: number;
    groups: number;
    months: number;
    batch: number;
    deadline: Deadline;
    /** Samples each statement's transaction memory during the full cycle. */
    memory?: ReturnType<typeof transactionMemory>;
    /**
     * Groups an earlier run with the same sizes loaded, cycled and kept (--keep): the same data is generated for
     * them (it is seeded), and neither ingested nor cycled again; `load` and `full` are then empty.
     */
    reuse?: string[];
  },
): Promise<RolledUp> {
  const groupIds = opts.reuse ?? Array.from({ length: opts.groups }, (_, i) => benchGroupId(opts.label, i));
  const data = benchData({ memories: opts.memories, groups: opts.groups, months: opts.months, groupIds });
  const now = new Date(`${data.endDay}T02:00:00Z`);
  if (opts.reuse) {
    const load = { sent: 0, created: 0, existing: 0, batches: 0, ms: 0, batchMs: [], cutShort: false };
    const full = { ms: 0, reports: [], skipped: 0, leaseWaitMs: 0, leaseWaits: 0, leaseHeld: [] };
    return {
      data,
      groupIds,
      load,
      now,
      full,
      fullCpu: { appMs: 0, serverMs: 0 },
      fullMemory: [],
      fullRss: { beforeBytes: 0, peakBytes: 0 },
    };
  }
  const load = await ingestGroups(strata, data.groups, {
    batch: opts.batch,
    concurrency: 4,
    deadline: opts.deadline,
  });
  await awaitIdleServerLine(strata, 'before the full cycle');
  opts.memory?.start();
  const beforeBytes = process.memoryUsage().rss;
  const rss = new RssSampler();
  const {
    result: full,
    appMs,
    serverMs,
  } = await withCpu(strata, () => cycleGroups(strata, groupIds, now, opts.deadline));
  const peakBytes = rss.stop().sampledPeakBytes;
  const fullMemory = (await opts.memory?.stop()) ?? [];
  return {
    data,
    groupIds,
    load,
    now,
    full,
    fullCpu: { appMs, serverMs },
    fullMemory,
    fullRss: { beforeBytes, peakBytes },
  };
}
