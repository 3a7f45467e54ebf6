import { boundedBatches } from '../domain/batches.js';
import type { LevelCounts } from '../domain/cycle-report.js';
import type { SummaryLevel } from '../domain/levels.js';
import { RecentWindow } from '../domain/rollup.js';
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
 * The one skeleton of every summary level: chunks of periods are read in one round trip, summarised one by one in
 * order (a failure is that period's alone), and written a bounded batch per transaction, each batch clearing the
 * pending flags of the children it covers. Then the level's NEXT_PERIOD chain is relinked once.
 */
export async function rollUpLevel<P, C>(ctx: CycleContext, work: LevelWork<P, C>): Promise<LevelCounts> {
  const counts = { created: 0, updated: 0 };
  if (work.periods.length === 0) return counts;
  const recent = new RecentWindow(await ctx.rollups.recentSummaries(ctx.groupId, work.level, 30));
  for (const chunk of boundedBatches(work.periods, PERIODS_PER_READ)) {
    const contents = await work.read(chunk);
    const rows: { key: string; row: SummaryRow }[] = [];
    for (const period of chunk) {
      const key = work.keyOf(period);
      try {
        const toSummarize = work.describe(period, contents.get(key));
        if (toSummarize) rows.push({ key, row: await summarizePeriod(ctx, toSummarize, recent) });
      } catch (error) {
        recordPeriodFailure(ctx, work.level, [key], error);
      }
    }
    const childrenOf = ({ row }: { row: SummaryRow }) =>
      (row.memoryIds?.length ?? 0) + (row.childSummaryIds?.length ?? 0);
    for (const batch of boundedBatches(rows, SUMMARIES_PER_WRITE, SUMMARY_CHILDREN_PER_WRITE, childrenOf)) {
      try {
        const written = await ctx.rollups.writeSummaries(
          ctx.groupId,
          batch.map((b) => b.row),
        );
        for (const { version } of written) counts[version === 1 ? 'created' : 'updated']++;
      } catch (error) {
        recordPeriodFailure(
          ctx,
          work.level,
          batch.map((b) => b.key),
          error,
        );
      }
    }
    await ctx.renewLease();
  }
  if (counts.created + counts.updated > 0) await ctx.rollups.relinkNextPeriod(ctx.groupId, work.level);
  return counts;
}
