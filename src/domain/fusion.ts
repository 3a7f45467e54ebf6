export interface FusedEntry {
  id: string;
  /** The fused score, 0..1 (see each fusion for how). */
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
  return inFusedOrder(reciprocalRankScores(lists, k, weights));
}

/** reciprocalRankFusion's entries in no particular order: for a caller that ranks them its own way (ranking.ts). */
export function reciprocalRankScores(lists: { id: string }[][], k = 60, weights?: number[]): FusedEntry[] {
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
  return [...ranksById].map(([id, ranks]) => {
    let sum = 0;
    ranks.forEach((rank, i) => {
      if (rank !== null) sum += weightOf(i) / (k + rank);
    });
    return { id, fused: best > 0 ? sum / best : 0, ranks };
  });
}

/**
 * Fused score first, then the best single rank, then the id: equal inputs always give equal output. Each entry's
 * best rank is worked out once, not in every comparison of the sort.
 */
function inFusedOrder(entries: FusedEntry[]): FusedEntry[] {
  return entries
    .map((entry) => ({ entry, bestRank: Math.min(...entry.ranks.map((r) => r ?? Number.POSITIVE_INFINITY)) }))
    .sort(
      (a, b) =>
        b.entry.fused - a.entry.fused ||
        a.bestRank - b.bestRank ||
        (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0),
    )
    .map(({ entry }) => entry);
}

/**
 * Weighted fusion of scores: each list's scores min-max normalised within the list (its best 1, its worst 0, a
 * list of one 1), an id absent from a list 0 there, the weighted sum divided by the weights of the non-empty lists,
 * so 0..1. Where rank fusion gives the 30th hit of a strong list and of a weak list the same say, this keeps how
 * far apart the scores are: a word-vector list whose top hits are barely better than its tail moves the order a
 * little, and a clear winner in either list stays on top.
 *
 * Sorted as reciprocalRankFusion sorts: fused score, then best single rank, then id.
 */
export function normalisedScoreFusion(
  lists: { id: string; score: number }[][],
  weights?: number[],
): FusedEntry[] {
  return inFusedOrder(normalisedScoreScores(lists, weights));
}

/** normalisedScoreFusion's entries in no particular order: for a caller that ranks them its own way. */
export function normalisedScoreScores(
  lists: { id: string; score: number }[][],
  weights?: number[],
): FusedEntry[] {
  const weightOf = (i: number) => weights?.[i] ?? 1;
  if (lists.some((_, i) => !(weightOf(i) >= 0))) throw new RangeError('list weights must be numbers >= 0');
  const total = lists.reduce((sum, list, i) => (list.length > 0 ? sum + weightOf(i) : sum), 0);
  const byId = new Map<string, { sum: number; ranks: (number | null)[] }>();
  lists.forEach((list, listIndex) => {
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const { score } of list) {
      low = Math.min(low, score);
      high = Math.max(high, score);
    }
    const ordered = [...list].sort((a, b) => b.score - a.score);
    ordered.forEach(({ id, score }, position) => {
      let entry = byId.get(id);
      if (!entry) {
        entry = { sum: 0, ranks: lists.map(() => null) };
        byId.set(id, entry);
      }
      // An id repeated inside one list keeps its best score (the first, in score order).
      if (entry.ranks[listIndex] !== null) return;
      entry.ranks[listIndex] = position + 1;
      const normalised = high > low ? (score - low) / (high - low) : 1;
      entry.sum += weightOf(listIndex) * normalised;
    });
  });
  return [...byId].map(([id, { sum, ranks }]) => ({ id, fused: total > 0 ? sum / total : 0, ranks }));
}
