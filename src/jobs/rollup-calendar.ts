import type { SummaryItem } from '../ai/summarizers/types.js';
import type { CalendarLevel } from '../domain/levels.js';
import { closesAt, isClosed, localDate, type Period, parentKey, periodForKey } from '../domain/periods.js';
import { childRange, countSpeakers, mergeSpeakerCounts } from '../domain/rollup.js';
import { type CycleContext, waitUntil } from './cycle-context.js';
import type { LevelWork } from './rollup-level.js';

/** What one calendar period holds, in the shape the summarizer takes. */
interface PeriodContents {
  items: SummaryItem[];
  speakerCounts: Record<string, number>;
  messageCount: number;
}

/** How the calendar levels differ; everything else is the one skeleton below. */
interface CalendarLevelSpec {
  /**
   * Keys of the periods that have a pending child (a new memory, a regenerated child summary), one key per pending
   * child, from the oldest page of them; `more` when the page was full.
   */
  pendingKeys(ctx: CycleContext): Promise<{ keys: string[]; more: boolean }>;
  /** What several periods hold, by period key, in one read. */
  contents(ctx: CycleContext, periods: Period[]): Promise<Map<string, PeriodContents>>;
  /** Below this many children a period is carried by the local summarizer instead of the configured one. */
  worthSummarizing(ctx: CycleContext): number;
  /** Days and weeks have a level above them that must (re)summarise them. */
  hasParent: boolean;
}

const LEVELS: Record<CalendarLevel, CalendarLevelSpec> = {
  day: {
    async pendingKeys(ctx) {
      const times = await ctx.rollups.pendingDayTimes(ctx.groupId, ctx.pageSize);
      return { keys: times.map((ts) => localDate(ts, ctx.timezone)), more: times.length >= ctx.pageSize };
    },
    async contents(ctx, periods) {
      const byDay = await ctx.rollups.memoriesInPeriods(
        ctx.groupId,
        periods.map((p) => ({ key: p.key, startsAt: p.startsAt, endsAt: p.endsAt })),
      );
      return mapValues(byDay, (memories) => ({
        items: memories,
        speakerCounts: countSpeakers(memories.map((m) => m.speaker)),
        messageCount: memories.length,
      }));
    },
    worthSummarizing: (ctx) => ctx.rollup.dayMinMemories,
    hasParent: true,
  },
  week: parentLevel('week', 'day'),
  month: parentLevel('month', 'week'),
};

/** Weeks from day summaries, months from week summaries: parents summarise summaries, never raw messages. */
function parentLevel(level: 'week' | 'month', childLevel: 'day' | 'week'): CalendarLevelSpec {
  return {
    async pendingKeys(ctx) {
      const starts = await ctx.rollups.pendingChildPeriods(ctx.groupId, childLevel, ctx.pageSize);
      return {
        keys: starts.map((start) => parentKey(childLevel, start)),
        more: starts.length >= ctx.pageSize,
      };
    },
    async contents(ctx, periods) {
      const byPeriod = await ctx.rollups.childSummaries(
        ctx.groupId,
        childLevel,
        periods.map((p) => ({ key: p.key, ...childRange(level, p) })),
      );
      return mapValues(byPeriod, (children) => ({
        items: children.map((c) => ({ id: c.id, text: c.text, ts: c.periodStart })),
        speakerCounts: mergeSpeakerCounts(children),
        messageCount: children.reduce((sum, c) => sum + (c.messageCount ?? 0), 0),
      }));
    },
    worthSummarizing: (ctx) => (level === 'week' ? ctx.rollup.weekMinDays : ctx.rollup.monthMinWeeks),
    hasParent: level === 'week',
  };
}

/**
 * One calendar level, as work for the roll-up skeleton (jobs/rollup-level.ts). Every period that is over (plus the
 * grace period) and has a pending child gets its summary, however little it holds, so every memory is reachable
 * from its day, week and month; a period with fewer children than is worth a summarizer call is carried by the local
 * summarizer. A late child brings its period back, and the new version (in place, version + 1) marks the level above
 * pending in turn.
 */
export async function calendarWork(
  ctx: CycleContext,
  level: CalendarLevel,
): Promise<LevelWork<Period, PeriodContents>> {
  const spec = LEVELS[level];
  const { keys, more } = await spec.pendingKeys(ctx);
  // As many pending children as a period has, as many children its read returns, at the least (a day's read returns
  // its settled memories too).
  const pendingChildren = new Map<string, number>();
  for (const key of keys) pendingChildren.set(key, (pendingChildren.get(key) ?? 0) + 1);
  return {
    level,
    periods: closedPeriods(ctx, level, [...pendingChildren.keys()]),
    more,
    keyOf: (p) => p.key,
    childrenOf: (p) => pendingChildren.get(p.key) ?? 1,
    read: (periods) => spec.contents(ctx, periods),
    describe: (period, contents) =>
      !contents?.items.length
        ? null
        : {
            level,
            key: period.key,
            start: period.start,
            end: period.end,
            startsAt: period.startsAt,
            endsAt: period.endsAt,
            ...contents,
            parentPending: spec.hasParent,
            thin: contents.items.length < spec.worthSummarizing(ctx),
          },
    count: async (periods) => {
      const existing = await ctx.rollups.existingSummaryIds(
        ctx.groupId,
        level,
        periods.map((p) => p.key),
      );
      return {
        created: periods.filter((p) => !existing.has(p.key)).length,
        updated: periods.filter((p) => existing.has(p.key)).length,
      };
    },
  };
}

/** Of these periods, those that are over, in order; one not over yet makes the cycle say when it will be. */
function closedPeriods(ctx: CycleContext, level: CalendarLevel, keys: string[]): Period[] {
  const periods = [...keys].sort().map((key) => periodForKey(level, key, ctx.timezone));
  // A period not over yet waits for its end: no cycle before then can do anything with it.
  for (const p of periods) {
    if (!isClosed(p, ctx.now, ctx.rollup.dayGraceMinutes))
      waitUntil(ctx, closesAt(p, ctx.rollup.dayGraceMinutes));
  }
  return periods.filter((p) => isClosed(p, ctx.now, ctx.rollup.dayGraceMinutes));
}

function mapValues<A, B>(map: Map<string, A>, f: (value: A) => B): Map<string, B> {
  return new Map([...map].map(([key, value]) => [key, f(value)]));
}
