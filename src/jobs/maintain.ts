import { SUMMARY_LEVELS } from '../domain/levels.js';
import type { CycleContext } from './cycle-context.js';

/** Summary levels that pruning never removes: the top of the calendar hierarchy. */
const NEVER_PRUNED = ['month'];

/** Decay for the whole group in one statement; then pruning, each rule counted, and only counted in a dry run. */
export async function refreshDecay(ctx: CycleContext): Promise<number> {
  if (ctx.dryRun) return 0;
  return ctx.maintenance.refreshDecay(ctx.groupId, ctx.decay, ctx.now);
}

export async function prune(ctx: CycleContext): Promise<{ summaries: number; memories: number }> {
  if (!ctx.prune.enabled) return { summaries: 0, memories: 0 };
  const countOnly = ctx.dryRun || ctx.prune.dryRun;
  const summaries = await ctx.maintenance.prunableSummaries(ctx.groupId, ctx.prune.minDecay, NEVER_PRUNED);
  const cutoff = new Date(ctx.now.getTime() - ctx.prune.keepOriginalDays * 86_400_000);
  if (countOnly) {
    return {
      summaries: summaries.length,
      memories: await ctx.maintenance.countPrunableMemories(ctx.groupId, cutoff),
    };
  }
  // Bottom-up, one level per statement: days hand their memories to weeks before weeks hand theirs to months.
  let prunedSummaries = 0;
  for (const level of SUMMARY_LEVELS) {
    const ids = summaries.filter((s) => s.level === level).map((s) => s.id);
    if (ids.length === 0) continue;
    prunedSummaries += await ctx.maintenance.pruneSummaries(ids);
    // A removed summary leaves a hole in its level's chain.
    await ctx.rollups.relinkNextPeriod(ctx.groupId, level);
  }
  const memories = await ctx.maintenance.countPrunableMemories(ctx.groupId, cutoff);
  if (memories > 0) await ctx.maintenance.pruneMemories(ctx.groupId, cutoff);
  if (prunedSummaries + memories > 0) {
    ctx.log.info({ groupId: ctx.groupId, summaries: prunedSummaries, memories }, 'pruned');
  }
  return { summaries: prunedSummaries, memories };
}
