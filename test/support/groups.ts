import type { CycleHealth } from '../../src/domain/cycle-health.js';
import type { Group } from '../../src/domain/summary.js';

/** The cycle health of a group that has never been cycled and holds nothing pending. */
export const NOT_CYCLED_YET: CycleHealth = {
  lastStatus: null,
  lastError: null,
  failedInARow: 0,
  pendingMemories: 0,
  oldestPendingAt: null,
  behind: false,
  reasons: [],
};

/** A group as GET /v1/groups/:id answers it, with what a test sets. */
export function groupInfo(groupId: string, counts: { memories: number; summaries: number }): Group {
  return {
    groupId,
    timezone: 'UTC',
    createdAt: null,
    lastIngestAt: null,
    lastCycleAt: null,
    latestMemoryAt: null,
    ...counts,
    cycle: NOT_CYCLED_YET,
  };
}
