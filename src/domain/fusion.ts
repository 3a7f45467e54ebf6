export interface FusedEntry {
  id: string;
  /** Reciprocal-rank score divided by the best achievable one, so 0..1. */
  fused: number;
  /** 1-based rank of the id in each input list, null where it is absent. */
  ranks: (number | null)[];
}

/**
 * Weighted reciprocal-rank fusion: list i adds weights[i] / (k + rank) for every id it holds, so ids that rank
 * well in several lists rise without comparing raw scores that live on different scales (cosine vs Lucene).
 * Weights (1 each by default) let a strong list lead a weak one: with the local hashing embedder the vector
 * list is a weaker copy of the lexical one, and equal weights let it drag BM25's best hits down.
 *
 * The sum is divided by the best score achievable, being first in every non-empty list, which puts the
 * result in 0..1. Empty lists are left out of that maximum: a search that found nothing should not cap
 * every other hit at a fraction of the scale. An id repeated inside one list keeps its best rank.
 *
 * Sorted by fused score, then by best single rank, then by id, so equal inputs always give equal output.
 */
export function reciprocalRankFusion(lists: { id: string }[][], k = 60, weights?: number[]): FusedEntry[] {
  if (!Number.isFinite(k) || k < 0) throw new RangeError(`k must be a finite number >= 0, got ${k}`);
  const weightOf = (i: number) => weights?.[i] ?? 1;
  if (lists.some((_, i) => !(weightOf(i) >= 0))) throw new RangeError('list weights must be numbers >= 0');

  const ranksById = new Map<string, (number | null)[]>();
  lists.forEach((list, listIndex) => {
    list.forEach((entry, position) => {
      let ranks = ranksById.get(entry.id);
      if (!ranks) {
        ranks = lists.map(() => null);
        ranksById.set(entry.id, ranks);
      }
      ranks[listIndex] ??= position + 1;
    });
  });

  const best = lists.reduce((total, list, i) => (list.length > 0 ? total + weightOf(i) : total), 0) / (k + 1);
  // Each entry's best single rank is worked out once, not in every comparison of the sort.
  const fusedEntries = [...ranksById].map(([id, ranks]) => {
    let sum = 0;
    let bestRank = Number.POSITIVE_INFINITY;
    ranks.forEach((rank, i) => {
      if (rank === null) return;
      sum += weightOf(i) / (k + rank);
      bestRank = Math.min(bestRank, rank);
    });
    return { entry: { id, fused: best > 0 ? sum / best : 0, ranks }, bestRank };
  });
  return fusedEntries
    .sort(
      (a, b) =>
        b.entry.fused - a.entry.fused ||
        a.bestRank - b.bestRank ||
        (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0),
    )
    .map(({ entry }) => entry);
}
