/**
 * How a vector search of one group should run. Neo4j 5's vector index is shared by every group and cannot
 * pre-filter, so a group holding 2 % of the index needs about fifty hits fetched for each one it keeps; an exact
 * cosine over the group's own nodes costs in proportion to the group instead. Small groups take the exact scan,
 * large ones the index with an over-fetch sized by their share of it.
 */

/** Up to this many nodes, an exact scan of the group costs about what one index search does. */
export const EXACT_SCAN_MAX = 1000;

/** The most hits one index search fetches; beyond it the search costs more than it could find. */
export const INDEX_FETCH_MAX = 2000;

/** Fetch twice what the group's share predicts: groups and windows are not spread evenly through the index. */
const OVER_FETCH_MARGIN = 2;

export type VectorSearchPlan = { kind: 'exact' } | { kind: 'index'; candidates: number };

/**
 * groupNodes of the label in the group, indexNodes of the label in the whole index, and how many hits the
 * recall keeps (pool).
 */
export function vectorSearchPlan(groupNodes: number, indexNodes: number, pool: number): VectorSearchPlan {
  if (groupNodes <= EXACT_SCAN_MAX) return { kind: 'exact' };
  const share = groupNodes / Math.max(groupNodes, indexNodes);
  const candidates = Math.ceil((pool / share) * OVER_FETCH_MARGIN);
  return { kind: 'index', candidates: Math.min(INDEX_FETCH_MAX, Math.max(pool, candidates)) };
}
