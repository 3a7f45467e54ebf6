import { setImmediate } from 'node:timers/promises';
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
 * relinked once, from the earliest summary written on.
 *
 * The database and the summarizer work at the same time: a batch's write runs while the next periods are
 * summarised, and the next chunk is read while this one is. Writes still go one at a time and in order (a batch is
 * written only once the one before it has committed), so what a crash leaves is what it left before: whole
 * batches, each with the flags it covers cleared, and the rest still pending.
 */
export async function rollUpLevel<P, C>(ctx: CycleContext, work: LevelWork<P, C>): Promise<LevelCounts> {
  const counts = { created: 0, updated: 0 };
  if (work.periods.length === 0) return counts;
  const recent = new RecentWindow(await ctx.rollups.recentSummaries(ctx.groupId, work.level, 30));
  let batch: { key: string; row: SummaryRow }[] = [];
  let children = 0;
  let since = Date.now();
  // The write under way, if any. Its outcome is settled into a value, so a failure is never an unhandled rejection:
  // it is taken, and recorded or rethrown, when the next write or the end of the level comes to it.
  let writing: {
    keys: string[];
    earliestStart: number;
    relinks: boolean;
    outcome: Promise<Settled<{ version: number }[]>>;
  } | null = null;
  // Where the written summaries begin: the chain is relinked from there on, not along the whole level.
  let relinkFrom = Number.POSITIVE_INFINITY;
  // Whether the level's last write relinked the chain in its own transaction.
  let relinked = false;
  const settleWrite = async () => {
    if (!writing) return;
    const { keys, earliestStart, relinks, outcome } = writing;
    writing = null;
    const result = await outcome;
    if ('error' in result) recordPeriodFailure(ctx, work.level, keys, result.error);
    else {
      for (const { version } of result.value) counts[version === 1 ? 'created' : 'updated']++;
      relinkFrom = Math.min(relinkFrom, earliestStart);
      relinked = relinks;
    }
  };
  /** Writes the batch; the level's last batch also relinks the chain, saving the level a transaction of its own. */
  const flush = async (last = false) => {
    if (batch.length === 0) return;
    await settleWrite();
    const keys = batch.map((b) => b.key);
    const rows = batch.map((b) => b.row);
    batch = [];
    children = 0;
    since = Date.now();
    const earliestStart = Math.min(...rows.map((r) => Date.parse(r.summary.startsAt)));
    // From the earliest of every batch before it that committed and of its own: the same part of the chain the
    // relink after the level would rebuild.
    const relink = last
      ? { level: work.level, from: new Date(Math.min(relinkFrom, earliestStart)).toISOString() }
      : null;
    writing = {
      keys,
      earliestStart,
      relinks: last,
      outcome: settled(ctx.rollups.writeSummaries(ctx.groupId, rows, relink)),
    };
  };
  const finishWrites = async () => {
    await flush();
    await settleWrite();
  };
  // Needed when the last write did not relink: it failed, or the level stopped before it.
  const relink = async () => {
    if (!relinked && counts.created + counts.updated > 0)
      await ctx.rollups.relinkNextPeriod(ctx.groupId, work.level, new Date(relinkFrom).toISOString());
  };
  // The lease renewal is asked for once per chunk (it writes only when due, see cycle.ts) without waiting for the
  // answer; the answer is taken at the next chunk or the end of the level, and a lost lease stops the level there.
  let renewing: Promise<Settled<void>> | null = null;
  const checkLease = async () => {
    const renewal = renewing;
    renewing = null;
    const result = await renewal;
    if (result && 'error' in result) throw result.error;
  };
  try {
    const chunks = boundedBatches(work.periods, PERIODS_PER_READ);
    let reading = settled(work.read(chunks[0] as P[]));
    for (let c = 0; c < chunks.length; c++) {
      const chunk = chunks[c] as P[];
      const read = await reading;
      if ('error' in read) {
        await finishWrites();
        throw read.error;
      }
      const contents = read.value;
      const next = chunks[c + 1];
      if (next) reading = settled(work.read(next));
      for (const period of chunk) {
        // Stopping (shutdown) happens between periods: what is summarised is written and linked, whole, and the next
        // cycle picks up the rest.
        if (ctx.signal?.aborted) {
          await finishWrites();
          await relink();
          throw new CycleStoppedError(ctx.groupId);
        }
        // Summarising is synchronous work for the local summarizer: the driver gets its turn between periods, so the
        // write and the read under way go on meanwhile.
        if (writing || next) await setImmediate();
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
      await flush(c === chunks.length - 1);
      await checkLease();
      renewing = settled(ctx.renewLease());
    }
    await finishWrites();
    await checkLease();
  } catch (error) {
    // Whatever stops the level, no write of it goes on unseen after it: the lease is released only after this.
    const left = writing as { outcome: Promise<unknown> } | null;
    if (left) await left.outcome;
    await renewing;
    throw error;
  }
  await relink();
  return counts;
}

type Settled<T> = { value: T } | { error: unknown };

/** A promise that never rejects: its failure becomes a value, taken when the caller gets to it. */
function settled<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}
