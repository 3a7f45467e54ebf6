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
/**
 * Children (memories, or child summaries) read per round trip, as far as a level can tell beforehand: a read returns
 * every child with its text, so this bounds the transaction memory a read needs. 250 days of a busy group held
 * 137,000 memories in one read and went over Neo4j's transaction memory limit.
 */
export const CHILDREN_PER_READ = 5_000;
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
  /** About how many children the read of this period returns, to bound each read (CHILDREN_PER_READ); 1 unknown. */
  childrenOf?(period: P): number;
  /** The period to summarise, given what it holds (undefined: nothing); null when there is nothing to summarise. */
  describe(period: P, contents: C | undefined): PeriodToSummarize | null;
  /** What a dry run reports for these periods: how many summaries it would create and how many regenerate. */
  count(periods: P[]): Promise<LevelCounts>;
  /** The periods come from a full page of the level's backlog: more is pending after them (rollUpPages). */
  more?: boolean;
}

/** Pending work read per page: memories for sessions and days, child summaries for weeks and months. */
export const PENDING_PER_PAGE = 20_000;

/**
 * Rolls levels up one page of their backlog at a time: `nextPage` reads the oldest pending work (each level's work
 * says whether its page was full), the page is rolled up and committed, and the next page is read, until no level
 * has more or a page writes nothing (what is left waits: a session still active, a period still open, or periods
 * that failed and are in the report's errors). So a backlog of any size is read and written in bounded pieces, and a
 * cycle stopped anywhere leaves every page before it done. A dry run counts the first page only: without its writes
 * the next page would be the same one.
 */
export async function rollUpPages<const W extends readonly LevelWork<unknown, unknown>[]>(
  ctx: CycleContext,
  nextPage: () => Promise<W>,
): Promise<{ [K in keyof W]: LevelCounts }> {
  let totals: LevelCounts[] | null = null;
  for (;;) {
    const works = await nextPage();
    const counts = await rollUpPage(ctx, works);
    totals = totals
      ? totals.map((t, i) => ({
          created: t.created + (counts[i]?.created ?? 0),
          updated: t.updated + (counts[i]?.updated ?? 0),
        }))
      : counts;
    const wrote = counts.some((c) => c.created + c.updated > 0);
    if (ctx.dryRun || !wrote || !works.some((w) => w.more)) break;
    if (ctx.signal?.aborted) throw new CycleStoppedError(ctx.groupId);
  }
  return totals as { [K in keyof W]: LevelCounts };
}

/**
 * Finishes what a cycle that died left behind: a batch of summaries written but its level not yet relinked. Such a
 * level has nothing pending, so no later roll-up would relink it; this does, before the levels run.
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

/** Where one level of a roll-up stands: what it wrote, and from where its chain is to be relinked. */
interface LevelState {
  work: LevelWork<unknown, unknown>;
  counts: LevelCounts;
  recent: RecentWindow;
  /** The earliest start among its committed summaries: its chain is relinked from there on, not along the level. */
  relinkFrom: number;
  /** Whether a committed write relinked its chain in its own transaction. */
  relinked: boolean;
}

/** A summary waiting in the batch, with its level. */
interface BatchEntry {
  level: LevelState;
  key: string;
  row: SummaryRow;
}

/**
 * One page of the one skeleton of every summary level: chunks of periods are read in one round trip, summarised
 * one by one in order (a failure is that period's alone), and written a bounded batch per transaction (by count, children and
 * time), each batch clearing the pending flags of the children it covers. Then each level's NEXT_PERIOD chain is
 * relinked once, from the earliest summary written on, in the last write's transaction.
 *
 * Levels rolled up together run one after the other and share their batches: the caller passes several only when
 * none reads what another writes (sessions and days both read memories), so a day's cycle writes its sessions and
 * its day in one transaction rather than two.
 *
 * The database and the summarizer work at the same time: a batch's write runs while the next periods are
 * summarised, and the next chunk is read while this one is. Writes still go one at a time and in order (a batch is
 * written only once the one before it has committed), so what a crash leaves is what it left before: whole
 * batches, each with the flags it covers cleared, and the rest still pending.
 */
async function rollUpPage(
  ctx: CycleContext,
  works: readonly LevelWork<unknown, unknown>[],
): Promise<LevelCounts[]> {
  if (ctx.dryRun) return Promise.all(works.map((work) => work.count(work.periods)));
  const levels: LevelState[] = await Promise.all(
    works.map(async (work) => ({
      work,
      counts: { created: 0, updated: 0 },
      recent: new RecentWindow(
        work.periods.length > 0 ? await ctx.rollups.recentSummaries(ctx.groupId, work.level, 30) : [],
      ),
      relinkFrom: Number.POSITIVE_INFINITY,
      relinked: false,
    })),
  );
  // Every chunk of every level, in order: the read of the next is under way while one is summarised.
  const chunks = levels.flatMap((level) =>
    boundedBatches(level.work.periods, PERIODS_PER_READ, CHILDREN_PER_READ, (p) =>
      Math.max(1, level.work.childrenOf?.(p) ?? 1),
    ).map((periods) => ({ level, periods })),
  );
  if (chunks.length === 0) return levels.map((l) => l.counts);

  let batch: BatchEntry[] = [];
  let children = 0;
  let since = Date.now();
  // The write under way, if any. Its outcome is settled into a value, so a failure is never an unhandled rejection:
  // it is taken, and recorded or rethrown, when the next write or the end of the levels comes to it.
  let writing: {
    entries: BatchEntry[];
    relinks: LevelState[];
    outcome: Promise<Settled<{ id: string; version: number }[]>>;
  } | null = null;
  const settleWrite = async () => {
    if (!writing) return;
    const { entries, relinks, outcome } = writing;
    writing = null;
    const result = await outcome;
    if ('error' in result) {
      for (const level of levels) {
        const keys = entries.filter((e) => e.level === level).map((e) => e.key);
        if (keys.length > 0) recordPeriodFailure(ctx, level.work.level, keys, result.error);
      }
      return;
    }
    const levelOf = new Map(entries.map((e) => [e.row.summary.id, e.level]));
    for (const { id, version } of result.value) {
      const level = levelOf.get(id);
      if (level) level.counts[version === 1 ? 'created' : 'updated']++;
    }
    for (const { level, row } of entries)
      level.relinkFrom = Math.min(level.relinkFrom, Date.parse(row.summary.startsAt));
    for (const level of relinks) level.relinked = true;
  };
  /** Writes the batch; the last one also relinks every level written, saving each a transaction of its own. */
  const flush = async (last = false) => {
    if (batch.length === 0) return;
    await settleWrite();
    const entries = batch;
    batch = [];
    children = 0;
    since = Date.now();
    // Per level, from the earliest of every batch before it that committed and of its own: the same part of the
    // chain a relink after the levels would rebuild.
    const relinks = last
      ? levels.filter((l) => l.relinkFrom < Number.POSITIVE_INFINITY || entries.some((e) => e.level === l))
      : [];
    const relinkFroms = relinks.map((level) => ({
      level: level.work.level,
      from: new Date(
        Math.min(
          level.relinkFrom,
          ...entries.filter((e) => e.level === level).map((e) => Date.parse(e.row.summary.startsAt)),
        ),
      ).toISOString(),
    }));
    writing = {
      entries,
      relinks,
      outcome: settled(
        ctx.rollups.writeSummaries(
          ctx.groupId,
          entries.map((e) => e.row),
          relinkFroms,
        ),
      ),
    };
  };
  const finishWrites = async () => {
    await flush();
    await settleWrite();
  };
  // Needed for a level whose chain the last write did not relink: it failed, or the levels stopped before it.
  const relink = async () => {
    for (const level of levels) {
      if (!level.relinked && level.relinkFrom < Number.POSITIVE_INFINITY)
        await ctx.rollups.relinkNextPeriod(
          ctx.groupId,
          level.work.level,
          new Date(level.relinkFrom).toISOString(),
        );
    }
  };
  // The lease renewal is asked for once per chunk (it writes only when due, see cycle.ts) without waiting for the
  // answer; the answer is taken at the next chunk or the end of the levels, and a lost lease stops them there.
  let renewing: Promise<Settled<void>> | null = null;
  const checkLease = async () => {
    const renewal = renewing;
    renewing = null;
    const result = await renewal;
    if (result && 'error' in result) throw result.error;
  };
  try {
    let reading = settled(readChunk(chunks[0] as (typeof chunks)[number]));
    for (let c = 0; c < chunks.length; c++) {
      const { level, periods } = chunks[c] as (typeof chunks)[number];
      const read = await reading;
      if ('error' in read) {
        await finishWrites();
        throw read.error;
      }
      const contents = read.value;
      const next = chunks[c + 1];
      if (next) reading = settled(readChunk(next));
      for (const period of periods) {
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
        const key = level.work.keyOf(period);
        let row: SummaryRow | null = null;
        try {
          const toSummarize = level.work.describe(period, contents.get(key));
          if (toSummarize) row = await summarizePeriod(ctx, toSummarize, level.recent);
        } catch (error) {
          recordPeriodFailure(ctx, level.work.level, [key], error);
        }
        if (!row) continue;
        const weight = (row.memoryIds?.length ?? 0) + (row.childSummaryIds?.length ?? 0);
        if (batch.length > 0 && children + weight > SUMMARY_CHILDREN_PER_WRITE) await flush();
        batch.push({ level, key, row });
        children += weight;
        // A slow summarizer (a remote model) should not leave many finished periods unwritten if the process stops.
        if (batch.length >= SUMMARIES_PER_WRITE || Date.now() - since > FLUSH_AFTER_MS) await flush();
      }
      // The batch goes on into the next chunk, whichever level it is of; the last chunk writes what is left.
      if (!next) await flush(true);
      await checkLease();
      renewing = settled(ctx.renewLease());
    }
    await finishWrites();
    await checkLease();
  } catch (error) {
    // Whatever stops the levels, no write of theirs goes on unseen after it: the lease is released only after this.
    const left = writing as { outcome: Promise<unknown> } | null;
    if (left) await left.outcome;
    await renewing;
    throw error;
  }
  await relink();
  return levels.map((l) => l.counts);
}

function readChunk({ level, periods }: { level: LevelState; periods: unknown[] }) {
  return level.work.read(periods);
}

type Settled<T> = { value: T } | { error: unknown };

/** A promise that never rejects: its failure becomes a value, taken when the caller gets to it. */
function settled<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}
