import { boundedBatches } from '../domain/batches.js';
import type { LevelCounts } from '../domain/cycle-report.js';
import type { SummaryLevel } from '../domain/levels.js';
import { RecentWindow } from '../domain/rollup.js';
import { CycleStoppedError } from '../errors.js';
import type { SummaryRow } from '../graph/rollups.js';
import { type CycleContext, recordPeriodFailure } from './cycle-context.js';
import { type PeriodToSummarize, summarizePeriod } from './summarize-period.js';

/**
 * Periods read per round trip. Reads and writes go in chunks rather than one period each: a full cycle over 100k
 * memories has ~18,000 periods, and a transaction per period cost more than the work inside it.
 */
const PERIODS_PER_READ = 250;
/** Bounds of one write transaction: summaries in it, and children (SUMMARIZES links, cleared flags) under them. */
export const SUMMARIES_PER_WRITE = 250;
export const SUMMARY_CHILDREN_PER_WRITE = 20_000;
/** A batch is written at the latest this long after the previous write. */
const FLUSH_AFTER_MS = 10_000;

/** What one level of the cycle hands the skeleton; everything else is the same for sessions, days, weeks, months. */
export interface LevelWork<P, C> {
  level: SummaryLevel;
  /** The periods to roll up now, in the order they are summarised (the window of recent summaries runs along it). */
  periods: P[];
  keyOf(period: P): string;
  /** What several periods hold, by key, in one read. */
  read(periods: P[]): Promise<Map<string, C>>;
  /** The period to summarise, given what it holds (undefined: nothing); null when there is nothing to summarise. */
  describe(period: P, contents: C | undefined): PeriodToSummarize | null;
}

/**
 * Finishes what a cycle that died left behind: a batch of summaries written but its level not yet relinked. Such a
 * level has nothing pending, so no later rollUpLevel would relink it; this does, before the levels run.
 */
export async function relinkBrokenChains(ctx: CycleContext): Promise<void> {
  if (ctx.dryRun) return;
  for (const level of await ctx.rollups.brokenChains(ctx.groupId)) {
    ctx.log.warn(
      { groupId: ctx.groupId, level },
      'relinking a NEXT_PERIOD chain an earlier cycle left unfinished',
    );
    await ctx.rollups.relinkNextPeriod(ctx.groupId, level);
  }
}

/**
 * The one skeleton of every summary level: chunks of periods are read in one round trip, summarised one by one in
 * order (a failure is that period's alone), and written a bounded batch per transaction (by count, children and
 * time), each batch clearing the pending flags of the children it covers. Then the level's NEXT_PERIOD chain is
 * relinked once.
 */
export async function rollUpLevel<P, C>(ctx: CycleContext, work: LevelWork<P, C>): Promise<LevelCounts> {
  const counts = { created: 0, updated: 0 };
  if (work.periods.length === 0) return counts;
  const recent = new RecentWindow(await ctx.rollups.recentSummaries(ctx.groupId, work.level, 30));
  let batch: { key: string; row: SummaryRow }[] = [];
  let children = 0;
  let since = Date.now();
  const flush = async () => {
    if (batch.length === 0) return;
    const keys = batch.map((b) => b.key);
    const rows = batch.map((b) => b.row);
    batch = [];
    children = 0;
    since = Date.now();
    try {
      const written = await ctx.rollups.writeSummaries(ctx.groupId, rows);
      for (const { version } of written) counts[version === 1 ? 'created' : 'updated']++;
    } catch (error) {
      recordPeriodFailure(ctx, work.level, keys, error);
    }
  };
  const relink = async () => {
    if (counts.created + counts.updated > 0) await ctx.rollups.relinkNextPeriod(ctx.groupId, work.level);
  };
  for (const chunk of boundedBatches(work.periods, PERIODS_PER_READ)) {
    const contents = await work.read(chunk);
    for (const period of chunk) {
      // Stopping (shutdown) happens between periods: what is summarised is written and linked, whole, and the next
      // cycle picks up the rest.
      if (ctx.signal?.aborted) {
        await flush();
        await relink();
        throw new CycleStoppedError(ctx.groupId);
      }
      const key = work.keyOf(period);
      let row: SummaryRow | null = null;
      try {
        const toSummarize = work.describe(period, contents.get(key));
        if (toSummarize) row = await summarizePeriod(ctx, toSummarize, recent);
      } catch (error) {
        recordPeriodFailure(ctx, work.level, [key], error);
      }
      if (!row) continue;
      const weight = (row.memoryIds?.length ?? 0) + (row.childSummaryIds?.length ?? 0);
      if (batch.length > 0 && children + weight > SUMMARY_CHILDREN_PER_WRITE) await flush();
      batch.push({ key, row });
      children += weight;
      // A slow summarizer (a remote model) should not leave many finished periods unwritten if the process stops.
      if (batch.length >= SUMMARIES_PER_WRITE || Date.now() - since > FLUSH_AFTER_MS) await flush();
    }
    await flush();
    await ctx.renewLease();
  }
  await relink();
  return counts;
}
