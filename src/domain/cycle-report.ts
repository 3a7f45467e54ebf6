import { z } from 'zod';

const levelCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
export type LevelCounts = z.infer<typeof levelCounts>;

export const cycleReportSchema = z
  .object({
    groupId: z.string(),
    runId: z.string().nullable(),
    dryRun: z.boolean(),
    status: z.enum(['succeeded', 'failed', 'skipped', 'stopped']).meta({
      description:
        'stopped: the server shut down during the cycle; it stopped between two periods, what it wrote stays, ' +
        'and the next cycle resumes there',
    }),
    reason: z.string().optional().meta({ description: 'Why the cycle was skipped, failed or stopped' }),
    leaseExpiresAt: z.string().optional().meta({
      description:
        'Skipped because another instance holds the cycle lease: when that lease expires at the latest',
    }),
    levels: z.object({
      session: levelCounts,
      day: levelCounts,
      week: levelCounts,
      month: levelCounts,
      era: levelCounts,
    }),
    decayUpdated: z.number().int(),
    pruned: z
      .object({
        archived: z
          .object({
            session: z.number().int(),
            day: z.number().int(),
            week: z.number().int(),
            month: z.number().int(),
          })
          .meta({
            description:
              'Summaries archived per level: out of recall (no vector), still in the timeline with their topics',
          }),
        memories: z.number().int().meta({
          description:
            'Originals deleted: stored longer than KEEP_ORIGINAL_DAYS ago and covered by a day summary',
        }),
        checked: z.boolean().meta({
          description:
            'Whether this cycle looked for what to prune: a group is pruned by its first cycle of each UTC day ' +
            '(and never with PRUNE_ENABLED false); later cycles that day leave it alone',
        }),
      })
      .meta({ description: 'What pruning did (or, in a dry run, would do)' }),
    errors: z.array(z.string()),
    summarizerFallbacks: z.array(z.string()).meta({
      description:
        'Periods the configured summarizer (an LLM) failed on, summarised by the local one instead; not errors',
    }),
    pendingWork: z.boolean().meta({
      description:
        'True when a cycle started now would summarise something (a period this one failed on); periods still ' +
        'open and sessions still active are not pending work until nextWorkAt',
    }),
    nextWorkAt: z
      .string()
      .nullable()
      .meta({
        description:
          'When the earliest period still open (end plus grace) or session still active (idle for the gap) becomes ' +
          'ready for a cycle, if nothing new comes; null when nothing waits',
      }),
    startedAt: z.string(),
    tookMs: z.number(),
  })
  .meta({ id: 'CycleReport' });

export type CycleReport = z.infer<typeof cycleReportSchema>;

export function emptyLevels(): CycleReport['levels'] {
  const zero = () => ({ created: 0, updated: 0 });
  return { session: zero(), day: zero(), week: zero(), month: zero(), era: zero() };
}

export function emptyPruned(): CycleReport['pruned'] {
  return { archived: { session: 0, day: 0, week: 0, month: 0 }, memories: 0, checked: false };
}

/** A cycle's report before it has done anything: succeeded, nothing counted, no errors. */
export function newCycleReport(
  groupId: string,
  startedAt: string,
  fields: Partial<CycleReport> = {},
): CycleReport {
  return {
    groupId,
    runId: null,
    dryRun: false,
    status: 'succeeded',
    levels: emptyLevels(),
    decayUpdated: 0,
    pruned: emptyPruned(),
    errors: [],
    summarizerFallbacks: [],
    pendingWork: false,
    nextWorkAt: null,
    startedAt,
    tookMs: 0,
    ...fields,
  };
}
