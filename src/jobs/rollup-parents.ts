import type { LevelCounts } from '../domain/cycle-report.js';
import { isClosed, parentKey, periodForKey } from '../domain/periods.js';
import { childRange, mergeSpeakerCounts, RecentWindow } from '../domain/rollup.js';
import { type CycleContext, forEachPeriod } from './cycle-context.js';
import { rollUpPeriod } from './summarize-period.js';

const CHILD_LEVEL = { week: 'day', month: 'week' } as const;

/**
 * Weeks from day summaries, months from week summaries. A parent is (re)summarised when one of its children
 * changed since it was last rolled up, once the parent period is over and has enough children. Parents summarise
 * their children's summaries, never raw messages, which keeps prompts small at every level.
 */
export async function rollupParents(ctx: CycleContext, level: 'week' | 'month'): Promise<LevelCounts> {
  const counts = { created: 0, updated: 0 };
  const childLevel = CHILD_LEVEL[level];
  const pendingChildren = await ctx.rollups.pendingChildPeriods(ctx.groupId, childLevel);
  if (pendingChildren.length === 0) return counts;

  const keys = [...new Set(pendingChildren.map((start) => parentKey(childLevel, start)))].sort();
  const closed = keys
    .map((key) => periodForKey(level, key, ctx.timezone))
    .filter((p) => isClosed(p, ctx.now, ctx.rollup.dayGraceMinutes));
  if (closed.length < keys.length) ctx.pendingWork = true;

  const minChildren = level === 'week' ? ctx.rollup.weekMinDays : ctx.rollup.monthMinWeeks;
  const existing = ctx.dryRun
    ? await ctx.rollups.existingSummaryIds(
        ctx.groupId,
        level,
        closed.map((p) => p.key),
      )
    : null;
  const recent = new RecentWindow(await ctx.rollups.recentSummaries(ctx.groupId, level, 30));
  await forEachPeriod(
    ctx,
    level,
    closed,
    (p) => p.key,
    async (period) => {
      const range = childRange(level, period);
      const children = await ctx.rollups.childSummaries(ctx.groupId, childLevel, range.from, range.to);
      if (children.length < minChildren) {
        if (!ctx.dryRun) await ctx.rollups.settleChildSummaries(children.map((c) => c.id));
        return;
      }
      if (existing) {
        counts[existing.has(period.key) ? 'updated' : 'created']++;
        return;
      }
      const outcome = await rollUpPeriod(
        ctx,
        {
          level,
          key: period.key,
          start: period.start,
          end: period.end,
          startsAt: period.startsAt,
          endsAt: period.endsAt,
          items: children.map((c) => ({ id: c.id, text: c.text, ts: c.periodStart })),
          speakerCounts: mergeSpeakerCounts(children),
          messageCount: children.reduce((sum, c) => sum + (c.messageCount ?? 0), 0),
          parentPending: level === 'week',
        },
        recent,
      );
      counts[outcome]++;
    },
  );
  if (counts.created + counts.updated > 0 && !ctx.dryRun)
    await ctx.rollups.relinkNextPeriod(ctx.groupId, level);
  return counts;
}
