import type { LevelCounts } from '../domain/cycle-report.js';
import { isClosed, localDate, periodForKey } from '../domain/periods.js';
import { countSpeakers, RecentWindow } from '../domain/rollup.js';
import { type CycleContext, forEachPeriod } from './cycle-context.js';
import { rollUpPeriod } from './summarize-period.js';

/**
 * Days: every day (in the group's time zone) with a pending memory is summarised once it is over (plus the grace
 * period) and holds enough memories. A late memory brings its day back, and the new version marks the week stale.
 */
export async function rollupDays(ctx: CycleContext): Promise<LevelCounts> {
  const counts = { created: 0, updated: 0 };
  const times = await ctx.rollups.pendingDayTimes(ctx.groupId);
  if (times.length === 0) return counts;

  // A day's key is its local date; the full period (with its instants) is worked out once per distinct day.
  const keys = [...new Set(times.map((ts) => localDate(ts, ctx.timezone)))].sort();
  const closed = keys
    .map((key) => periodForKey('day', key, ctx.timezone))
    .filter((p) => isClosed(p, ctx.now, ctx.rollup.dayGraceMinutes));
  if (closed.length < keys.length) ctx.pendingWork = true;

  const existing = ctx.dryRun
    ? await ctx.rollups.existingSummaryIds(
        ctx.groupId,
        'day',
        closed.map((p) => p.key),
      )
    : null;
  const recent = new RecentWindow(await ctx.rollups.recentSummaries(ctx.groupId, 'day', 30));
  await forEachPeriod(
    ctx,
    'day',
    closed,
    (p) => p.key,
    async (period) => {
      const memories = await ctx.rollups.memoriesInRange(ctx.groupId, period.startsAt, period.endsAt);
      if (memories.length < ctx.rollup.dayMinMemories) {
        if (!ctx.dryRun) await ctx.rollups.settleMemories(memories.map((m) => m.id));
        return;
      }
      if (existing) {
        counts[existing.has(period.key) ? 'updated' : 'created']++;
        return;
      }
      const outcome = await rollUpPeriod(
        ctx,
        {
          level: 'day',
          key: period.key,
          start: period.start,
          end: period.end,
          startsAt: period.startsAt,
          endsAt: period.endsAt,
          items: memories,
          speakerCounts: countSpeakers(memories.map((m) => m.speaker)),
          messageCount: memories.length,
          parentPending: true,
        },
        recent,
      );
      counts[outcome]++;
    },
  );
  if (counts.created + counts.updated > 0 && !ctx.dryRun)
    await ctx.rollups.relinkNextPeriod(ctx.groupId, 'day');
  return counts;
}
