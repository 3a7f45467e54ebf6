/**
 * When a group is pruned. Pruning works on scales of days (a summary's decay falling below the floor, an original
 * reaching KEEP_ORIGINAL_DAYS), yet looking for what is due reads every summary and every original the group
 * keeps; so a group is pruned at most once a UTC day, by its first cycle that day, not by every cycle.
 */

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whether a cycle at `now` prunes the group, given the UTC day a cycle last pruned it (null: never). */
export function pruneDue(lastPrunedOn: string | null, now: Date): boolean {
  return lastPrunedOn !== utcDay(now);
}
