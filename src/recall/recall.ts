import type { Embedder } from '../ai/embeddings/index.js';
import type { Config } from '../config.js';
import { RECALL_LEVELS, type RecallLevel, SUMMARY_LEVELS } from '../domain/levels.js';
import { queryTerms } from '../domain/lucene.js';
import { type Candidate, rankCandidates } from '../domain/ranking.js';
import {
  type RecallDetail,
  type RecallItem,
  type RecallRequest,
  type RecallResponse,
  toWindow,
} from '../domain/recall.js';
import { type LexicalEvidence, lexicalEvidence, windowEvidence } from '../domain/term-evidence.js';
import type { ExpandedHit, RecallStore, SearchHit, SearchScope, Turn } from '../graph/recall.js';

export interface RecallDeps {
  repo: RecallStore;
  embedder: Embedder;
  settings: RecallSettings;
}

export interface RecallSettings {
  /** How much each ranked list counts in the fusion. */
  listWeights: Config['recall']['listWeights'];
  /** The relevance floor when a request names none. */
  minRelevance: number;
  /**
   * Maps a vector similarity to relevance for embedders whose vectors carry meaning; null for the hashing
   * embedder, whose similarity is only word overlap (the lexical evidence already counts that, with weights).
   */
  vectorRelevance: ((similarity: number) => number) | null;
  /** Turns further apart than this (or in other sessions) are not neighbours. */
  turnGapMinutes: number;
}

/**
 * Full-text hits fetched per query term. The index is shared by every group and cannot pre-filter, so a term
 * common elsewhere can crowd a group's hits out; more costs time on every recall.
 */
const TERM_CANDIDATES = 500;

/** How many memory candidates get their neighbouring turns looked up; the rest cannot reach the top anyway. */
const WINDOW_CANDIDATES = 60;

/**
 * Recall, in the shape of a graph retriever: search (each query term through the full-text index, and the vector
 * indexes), score every memory with its neighbouring turns, fuse and re-rank by decay, drop what is below the
 * relevance floor, then one Cypher expansion of the ranked hits down SUMMARIZES and along NEXT_PERIOD.
 */
export async function recall(
  deps: RecallDeps,
  groupId: string,
  request: RecallRequest,
): Promise<RecallResponse> {
  const started = performance.now();
  const scope: SearchScope = { groupId, ...toWindow(request.from, request.to) };
  const levels = request.levels ?? [...RECALL_LEVELS];
  const pool = Math.max(request.k * 3, 30);
  const terms = request.mode === 'vector' ? [] : queryTerms(request.query);
  const vector = await deps.embedder.embeddings.embedQuery(request.query);
  const [lexical, vectorHits] = await Promise.all([
    terms.length > 0
      ? deps.repo.termHits(scope, levels, terms, TERM_CANDIDATES, TERM_CANDIDATES)
      : Promise.resolve({ termHits: [], groupMemories: 0 }),
    request.mode === 'lexical' ? Promise.resolve([]) : vectorSearch(deps.repo, scope, levels, vector, pool),
  ]);
  const evidence = lexicalEvidence(lexical.termHits, lexical.groupMemories);
  const turns = await turnsAround(deps, groupId, evidence.hits);
  const candidates = toCandidates(evidence, turns, vectorHits, deps.settings.vectorRelevance);
  const minScore = request.minScore ?? deps.settings.minRelevance;
  const ranked = rankCandidates(candidates, {
    k: request.k,
    minRelevance: minScore,
    listWeights: deps.settings.listWeights,
  });
  const expanded = await deps.repo.expand(
    scope,
    ranked.map((r) => ({ id: r.id })),
    {
      vector,
      down: request.expand.down,
      perSummary: request.expand.perSummary,
      sideways: request.expand.sideways,
    },
  );
  const byId = new Map(expanded.map((e) => [e.id, e]));
  const items = ranked.flatMap((r) => {
    const hit = byId.get(r.id);
    // A hit archived or deleted between search and expansion is dropped rather than returned half-filled.
    if (!hit) return [];
    const turnDetails = hit.kind === 'memory' ? neighbourTurns(hit, turns, evidence.hits, request) : [];
    return [toItem(hit, r.score, r.scoreParts, turnDetails)];
  });
  return {
    query: request.query,
    k: request.k,
    items,
    minScore,
    abstained: items.length === 0 && candidates.length > 0,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

/**
 * Vector search cannot pre-filter in Neo4j 5, so each index is over-fetched and filtered by group and window;
 * when that leaves too few hits (a small group in a big database, a narrow window) an exact scan over the
 * group's own nodes takes its place.
 */
async function vectorSearch(
  repo: RecallStore,
  scope: SearchScope,
  levels: RecallLevel[],
  vector: number[],
  pool: number,
): Promise<SearchHit[]> {
  const overFetch = Math.min(pool * 10, 1000);
  const summaryLevels = levels.filter((l) => (SUMMARY_LEVELS as readonly string[]).includes(l));
  const none = Promise.resolve([] as SearchHit[]);
  const [memories, summaries, eras] = await Promise.all([
    levels.includes('memory')
      ? repo
          .vectorMemories(scope, vector, overFetch, pool)
          .then((hits) => (hits.length < pool ? repo.exactMemories(scope, vector, pool) : hits))
      : none,
    summaryLevels.length > 0
      ? repo
          .vectorSummaries(scope, summaryLevels, vector, overFetch, pool)
          .then((hits) =>
            hits.length < pool ? repo.exactSummaries(scope, summaryLevels, vector, pool) : hits,
          )
      : none,
    levels.includes('era') ? repo.vectorEras(scope, vector, overFetch, pool) : none,
  ]);
  return [...memories, ...summaries, ...eras];
}

type TurnsAround = Map<string, { previous: Turn | null; next: Turn | null }>;

/** The neighbouring turns of the best memory candidates, in one round trip. */
async function turnsAround(
  deps: RecallDeps,
  groupId: string,
  hits: Map<string, LexicalEvidence>,
): Promise<TurnsAround> {
  const best = [...hits.values()]
    .filter((h) => h.level === 'memory')
    .sort((a, b) => b.bm25 - a.bm25)
    .slice(0, WINDOW_CANDIDATES)
    .map((h) => h.id);
  const rows = await deps.repo.turnNeighbours(groupId, best, deps.settings.turnGapMinutes);
  return new Map(rows.map((r) => [r.id, { previous: r.previous[0] ?? null, next: r.next[0] ?? null }]));
}

/**
 * One candidate per hit. A memory's lexical score and relevance are those of its window (itself and its
 * neighbouring turns); a summary's are its own. The vector list adds similarity, and relevance where the
 * embedder's similarity means something.
 */
function toCandidates(
  evidence: ReturnType<typeof lexicalEvidence>,
  turns: TurnsAround,
  vectorHits: SearchHit[],
  vectorRelevance: RecallSettings['vectorRelevance'],
): Candidate[] {
  const byId = new Map<string, Candidate>();
  for (const hit of evidence.hits.values()) {
    const around = turns.get(hit.id);
    const window = around
      ? windowEvidence(
          hit,
          [around.previous, around.next].map((t) => (t ? evidence.hits.get(t.id) : undefined)),
          evidence.weights,
        )
      : windowEvidence(hit, [], evidence.weights);
    byId.set(hit.id, {
      id: hit.id,
      kind: kindOf(hit.level),
      level: hit.level as RecallLevel,
      vectorScore: null,
      lexicalScore: window.bm25,
      decay: hit.decay,
      relevance: window.coverage,
    });
  }
  for (const hit of vectorHits) {
    const candidate = byId.get(hit.id) ?? {
      id: hit.id,
      kind: kindOf(hit.level),
      level: hit.level as RecallLevel,
      vectorScore: null,
      lexicalScore: null,
      decay: hit.decay,
      relevance: 0,
    };
    candidate.vectorScore = hit.score;
    if (vectorRelevance) candidate.relevance = Math.max(candidate.relevance ?? 0, vectorRelevance(hit.score));
    byId.set(hit.id, candidate);
  }
  return [...byId.values()];
}

function kindOf(level: string): Candidate['kind'] {
  return level === 'memory' ? 'memory' : level === 'era' ? 'era' : 'summary';
}

/**
 * The turns to show under a memory hit, best first: the reply when the hit asks a question (the answer is
 * usually the next turn), then the neighbour holding more of the query. Turns already ranked as hits of their own
 * are shown there instead.
 */
function neighbourTurns(
  hit: ExpandedHit,
  turns: TurnsAround,
  evidence: Map<string, LexicalEvidence>,
  request: RecallRequest,
): RecallDetail[] {
  const around = turns.get(hit.id);
  if (!around || request.expand.turns === 0) return [];
  const strength = (t: Turn | null) => (t ? (evidence.get(t.id)?.bm25 ?? 0) : -1);
  const asks = hit.text.trimEnd().endsWith('?');
  const ordered = [around.next, around.previous]
    .filter((t): t is Turn => t !== null)
    .sort((a, b) => {
      if (asks) return a === around.next ? -1 : b === around.next ? 1 : 0;
      return strength(b) - strength(a);
    });
  return ordered.slice(0, request.expand.turns).map((t) => ({
    id: t.id,
    text: t.text,
    speaker: t.speaker,
    ts: t.ts,
    score: evidence.get(t.id)?.bm25 ?? 0,
    path: [hit.id, t.id],
  }));
}

function toItem(
  hit: ExpandedHit,
  score: number,
  scoreParts: RecallItem['scoreParts'],
  turnDetails: RecallDetail[],
): RecallItem {
  return {
    id: hit.id,
    kind: hit.kind,
    level: hit.level as RecallLevel,
    text: hit.text,
    ...(hit.speaker ? { speaker: hit.speaker } : {}),
    ...(hit.ts ? { ts: hit.ts } : {}),
    ...(hit.periodStart ? { periodStart: hit.periodStart } : {}),
    ...(hit.periodEnd ? { periodEnd: hit.periodEnd } : {}),
    score,
    scoreParts,
    path: [hit.id],
    details: [...turnDetails, ...hit.details],
    neighbours: hit.neighbours
      .sort((a, b) => (a.direction === b.direction ? a.steps - b.steps : a.direction === 'previous' ? -1 : 1))
      .map(({ steps: _steps, ...n }) => ({ ...n, level: n.level as RecallLevel })),
  };
}
