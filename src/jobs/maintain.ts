import { type CycleReport, emptyPruned } from '../domain/cycle-report.js';
import { archiveBounds, decayReadFrom, decayRefreshDue, decaySettingsKey } from '../domain/decay.js';
import { SUMMARY_LEVELS } from '../domain/levels.js';
import { pruneDue } from '../domain/prune.js';
import type { CycleContext } from './cycle-context.js';

/** Summary levels that are archived once decayed: all but the top of the calendar hierarchy, months. */
const ARCHIVED_LEVELS = SUMMARY_LEVELS.filter((level) => level !== 'month');

/**
 * Decay for the whole group in one statement, on the group's clock, so an imported archive ages as if it were live;
 * once the clock has moved far enough since the last refresh, and only over the summaries whose decay has not
 * settled to nothing (see domain/decay.ts).
 */
export async function refreshDecay(ctx: CycleContext): Promise<number> {
  if (ctx.dryRun || !decayRefreshDue(ctx.decayRefreshed, ctx.clock, ctx.decay)) return 0;
  return ctx.maintenance.refreshDecay(ctx.groupId, {
    decay: ctx.decay,
    clock: ctx.clock,
    endsFrom: decayReadFrom(ctx.decayRefreshed, ctx.clock, ctx.decay, SUMMARY_LEVELS),
    settingsKey: decaySettingsKey(ctx.decay),
  });
}

/**
 * Pruning never erases the record: decayed summaries are archived (out of recall, kept in the timeline), and an
 * original is deleted only once it was stored longer than KEEP_ORIGINAL_DAYS ago (real time since ingest) and a day
 * summary covers it. In a dry run (or with PRUNE_DRY_RUN) both are only counted. A group is pruned by its first
 * cycle of each UTC day (see domain/prune.ts); a dry run always counts, so that it shows what pruning would take.
 */
export async function prune(ctx: CycleContext): Promise<CycleReport['pruned']> {
  const pruned = emptyPruned();
  if (!ctx.prune.enabled) return pruned;
  if (!ctx.dryRun && !pruneDue(ctx.lastPrunedOn, ctx.now)) return pruned;
  pruned.checked = true;
  const countOnly = ctx.dryRun || ctx.prune.dryRun;
  const { minDecay } = ctx.prune;
  const levels = archiveBounds(ctx.clock, ctx.decay, minDecay, ARCHIVED_LEVELS);
  if (levels.length > 0) {
    const archived = countOnly
      ? await ctx.maintenance.countArchivable(ctx.groupId, minDecay, levels)
      : await ctx.maintenance.archiveSummaries(ctx.groupId, minDecay, levels);
    pruned.archived = { ...pruned.archived, ...archived };
  }

  const cutoff = new Date(ctx.now.getTime() - ctx.prune.keepOriginalDays * 86_400_000);
  pruned.memories = await ctx.maintenance.countPrunableMemories(ctx.groupId, cutoff);
  if (!countOnly && pruned.memories > 0) await ctx.maintenance.pruneMemories(ctx.groupId, cutoff);
  const total = Object.values(pruned.archived).reduce((n, c) => n + c, 0) + pruned.memories;
  if (!countOnly && total > 0) ctx.log.info({ groupId: ctx.groupId, ...pruned }, 'pruned');
  return pruned;
}
