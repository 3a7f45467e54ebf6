import type { EntityCount } from './entity-shapes.js';

/** The entities shown beside an era's key topics: those its sessions name most. */
export const ERA_ENTITIES = 10;

/** Most mentioned first; then named by more sessions; ties by id, so the same counts always list the same way. */
export function byMentions(a: EntityCount, b: EntityCount): number {
  return b.mentions - a.mentions || b.sessions - a.sessions || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Adds one page's counts to the totals so far (by entity id): a stretch read in pages of sessions counts each
 * session once, in the page that read it, so the sums are the stretch's.
 */
export function addEntityCounts(totals: Map<string, EntityCount>, page: readonly EntityCount[]): void {
  for (const count of page) {
    const seen = totals.get(count.id);
    if (seen) {
      seen.mentions += count.mentions;
      seen.sessions += count.sessions;
    } else totals.set(count.id, { ...count });
  }
}

/** The `n` most mentioned. */
export function topEntityCounts(counts: Iterable<EntityCount>, n: number): EntityCount[] {
  return [...counts].sort(byMentions).slice(0, n);
}
