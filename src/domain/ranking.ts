import { FirstK } from './first-k.js';
import { normalisedScoreScores, reciprocalRankScores } from './fusion.js';
import type { RecallLevel } from './levels.js';
import type { ScoreParts } from './recall.js';

/** One hit, from the vector search, the full-text search or both: one candidate an id. */
export interface Candidate {
  id: string;
  kind: 'memory' | 'summary' | 'era';
  level: RecallLevel;
  /** Similarity from the vector index; null when the vector search did not return it. */
  vectorScore: number | null;
  /** Full-text score; null when the full-text search did not return it. */
  lexicalScore: number | null;
  /** Freshness 0..1; 1 for memories. */
  decay: number;
  /**
   * How well the hit answers the query on a fixed 0..1 scale (the share of the query's weighted terms it holds,
   * or a semantic similarity); the reported score, and what the relevance floor compares. 0 when unknown.
   */
  relevance?: number;
}

/** A candidate (with whatever else the caller attached to it) plus its relevance score and the parts of its rank. */
export type RankedCandidate<C extends Candidate = Candidate> = C & {
  score: number;
  scoreParts: ScoreParts;
};

export interface RankOptions {
  k: number;
  /**
   * The relevance floor: the hits come back only when one of them reaches it, and then those that reach
   * SUPPORTING_SHARE of it (both inclusive, before the cut at k).
   */
  minRelevance?: number;
  /** Share of its score a fully decayed hit keeps; default 0.5. */
  decayFloor?: number;
  levelWeights?: Partial<Record<RecallLevel, number>>;
  /** Weight of each ranked list in the fusion; both 1 by default. */
  listWeights?: { vector: number; lexical: number };
  /** How the two lists are fused: by rank (reciprocal-rank fusion, the default) or by normalised score. */
  fusion?: RecallFusion;
}

export type RecallFusion = 'ranks' | 'scores';

/**
 * Broad layers are a little less precise than the words they summarise, so at equal relevance the finer
 * layer wins; the gap is small enough that a clearly better month still beats a weak memory.
 */
export const DEFAULT_LEVEL_WEIGHTS: Readonly<Record<RecallLevel, number>> = {
  memory: 1,
  session: 1,
  day: 1,
  week: 0.95,
  month: 0.9,
  era: 0.85,
};

export const DEFAULT_DECAY_FLOOR = 0.5;

/**
 * The share of the floor a hit needs to come back beside one that reaches it. Whether a group holds an answer is
 * told by its best hit; next to a good hit, a weaker one is mostly the rest of the answer (the other half of a
 * question asked across several conversations), where on its own it would be the least bad of nothing.
 */
export const SUPPORTING_SHARE = 2 / 3;

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function rankedBy(candidates: Candidate[], score: (c: Candidate) => number | null): Candidate[] {
  const scored: { candidate: Candidate; value: number }[] = [];
  for (const candidate of candidates) {
    const value = score(candidate);
    if (value !== null) scored.push({ candidate, value });
  }
  return scored
    .sort((a, b) => b.value - a.value || byId(a.candidate, b.candidate))
    .map(({ candidate }) => candidate);
}

function scoredBy(
  candidates: Candidate[],
  score: (c: Candidate) => number | null,
): { id: string; score: number }[] {
  const scored: { id: string; score: number }[] = [];
  for (const candidate of candidates) {
    const value = score(candidate);
    if (value !== null) scored.push({ id: candidate.id, score: value });
  }
  return scored;
}

/**
 * Orders by the fused vector and full-text rankings, re-ranked by decay and level: decay only scales the rank
 * (between decayFloor and 1), so an old summary sinks but is never removed. The score a hit reports is its
 * relevance, which does not depend on the other hits; only minRelevance removes hits. Candidates found by neither
 * search rank 0. Ties fall back to the fused score, then the id. One candidate an id: a hit both searches found
 * comes once, with both scores (recall/recall.ts toCandidates merges them).
 */
export function rankCandidates<C extends Candidate>(
  candidates: C[],
  options: RankOptions,
): RankedCandidate<C>[] {
  const decayFloor = clamp01(options.decayFloor ?? DEFAULT_DECAY_FLOOR);
  const weights = { ...DEFAULT_LEVEL_WEIGHTS, ...options.levelWeights };

  const listWeights = options.listWeights ?? { vector: 1, lexical: 1 };
  const fusionWeights = [listWeights.vector, listWeights.lexical];
  const fused =
    options.fusion === 'scores'
      ? normalisedScoreScores(
          [scoredBy(candidates, (c) => c.vectorScore), scoredBy(candidates, (c) => c.lexicalScore)],
          fusionWeights,
        )
      : reciprocalRankScores(
          [rankedBy(candidates, (c) => c.vectorScore), rankedBy(candidates, (c) => c.lexicalScore)],
          60,
          fusionWeights,
        );
  const fusedById = new Map(fused.map((entry) => [entry.id, entry.fused]));

  const floor = options.minRelevance ?? 0;
  // Only a hit that reaches the supporting share of the floor can come back, so only those are scored, and only
  // the first k are kept as they come (a sort of every hit, and an object spread with added fields apiece, cost
  // more than the rest of the ranking: hundreds of hits for ten).
  const best = new FirstK<Scored<C>>(Math.max(0, options.k), inRankOrder);
  for (const candidate of candidates) {
    const relevance = clamp01(candidate.relevance ?? 0);
    if (relevance < floor * SUPPORTING_SHARE) continue;
    const fusedScore = fusedById.get(candidate.id) ?? 0;
    // A missing or broken decay must not sink a hit to nothing: treat it as fresh.
    const decay = Number.isFinite(candidate.decay) ? clamp01(candidate.decay) : 1;
    const levelWeight = weights[candidate.level] ?? 1;
    const rank = fusedScore * (decayFloor + (1 - decayFloor) * decay) * levelWeight;
    best.offer({ candidate, relevance, rank, fused: fusedScore, decay, levelWeight });
  }
  const kept = best.items().map(
    ({ candidate, relevance, rank, fused: fusedScore, decay, levelWeight }): RankedCandidate<C> => ({
      ...candidate,
      score: relevance,
      scoreParts: {
        relevance,
        rank,
        vector: candidate.vectorScore,
        lexical: candidate.lexicalScore,
        fused: fusedScore,
        decay,
        levelWeight,
      },
    }),
  );
  return kept.some((c) => c.scoreParts.relevance >= floor) ? kept : [];
}

/** A candidate with what its rank is made of. */
interface Scored<C extends Candidate> {
  candidate: C;
  relevance: number;
  rank: number;
  fused: number;
  decay: number;
  levelWeight: number;
}

/** Rank first, then the fused score, then the id: the candidates' ids are unique, so this is a total order. */
function inRankOrder(a: Scored<Candidate>, b: Scored<Candidate>): number {
  return b.rank - a.rank || b.fused - a.fused || byId(a.candidate, b.candidate);
}
