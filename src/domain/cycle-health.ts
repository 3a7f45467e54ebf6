import { z } from 'zod';

/**
 * Whether a group's cycles keep up. A memory is pending until a day summary covers it; that is normal while its day
 * is open (up to a day plus the grace period, in any time zone) or until the scheduler's next tick, so only a memory
 * pending for longer than BEHIND_AFTER_HOURS says the cycles are behind. So does a last cycle that failed, or one that
 * left periods it could not summarise.
 */
export const BEHIND_AFTER_HOURS = 48;

export const cycleHealthSchema = z
  .object({
    lastStatus: z.enum(['running', 'succeeded', 'failed', 'stopped', 'skipped']).nullable().meta({
      description:
        "The last (not dry) cycle's status, `running` while one is under way; null before the first",
    }),
    lastError: z.string().nullable().meta({
      description: 'Why the last cycle failed, or the first period it could not summarise; null when none',
    }),
    failedInARow: z
      .number()
      .int()
      .meta({ description: 'Cycles that failed one after the other, up to the last' }),
    pendingMemories: z
      .number()
      .int()
      .meta({ description: 'Memories no day summary covers yet: the backlog' }),
    oldestPendingAt: z
      .string()
      .nullable()
      .meta({ description: 'The time of the oldest of them; null when nothing is pending' }),
    behind: z.boolean().meta({
      description: `The last cycle failed or left periods unsummarised, or a memory older than ${BEHIND_AFTER_HOURS} hours waits`,
    }),
    reasons: z.array(z.string()).meta({ description: 'Why the group is behind; empty when it keeps up' }),
  })
  .meta({ id: 'CycleHealth' });

export type CycleHealth = z.infer<typeof cycleHealthSchema>;

/** What the group node and the pending index tell; cycleHealth() adds the verdict. */
export type CycleRecord = Omit<CycleHealth, 'behind' | 'reasons'>;

/** The group's cycle health from what its last cycle recorded and what is still pending, as of `now`. */
export function cycleHealth(record: CycleRecord, now: Date): CycleHealth {
  const reasons: string[] = [];
  // While a cycle runs, the group node still holds how the ones before it ended.
  const failedBefore =
    record.lastStatus === 'failed' || (record.lastStatus === 'running' && record.failedInARow > 0);
  if (failedBefore) {
    reasons.push(
      `the last ${record.failedInARow > 1 ? `${record.failedInARow} cycles` : 'cycle'} failed: ${record.lastError ?? 'no reason recorded'}`,
    );
  } else if (record.lastStatus === 'succeeded' && record.lastError) {
    reasons.push(`the last cycle left periods unsummarised: ${record.lastError}`);
  }
  if (record.oldestPendingAt) {
    const hours = (now.getTime() - Date.parse(record.oldestPendingAt)) / 3_600_000;
    if (hours > BEHIND_AFTER_HOURS) {
      reasons.push(
        `${record.pendingMemories} memories wait for a day summary, the oldest from ${record.oldestPendingAt}`,
      );
    }
  }
  return { ...record, behind: reasons.length > 0, reasons };
}
