import type { Embedder } from '../ai/embeddings/index.js';
import type { Config } from '../config.js';
import { RECALL_LEVELS, type RecallLevel, SUMMARY_LEVELS } from '../domain/levels.js';
import { toLuceneQuery } from '../domain/lucene.js';
import { type Candidate, rankCandidates } from '../domain/ranking.js';
import { type RecallItem, type RecallRequest, type RecallResponse, toWindow } from '../domain/recall.js';
import type { ExpandedHit, RecallRepository, SearchHit, SearchScope } from '../graph/recall.js';

export interface RecallDeps {
  repo: RecallRepository;
  embedder: Embedder;
  /** How much each ranked list counts in the fusion. */
  listWeights?: Config['recall']['listWeights'];
}

/**
 * Recall, in the shape of a graph retriever: search (vector and full-text hits), fuse and re-rank by decay,
 * then one Cypher expansion of the ranked hits down SUMMARIZES to their closest memories and along NEXT_PERIOD.
 */
export async function recall(
  deps: RecallDeps,
  groupId: string,
  request: RecallRequest,
): Promise<RecallResponse> {
  const started = performance.now();
  const scope: SearchScope = { groupId, ...toWindow(request.from, request.to) };
  const levels = request.levels ?? [...RECALL_LEVELS];
  const vector = await deps.embedder.embeddings.embedQuery(request.query);
  const hits = await search(deps.repo, scope, levels, request, vector);
  const ranked = rankCandidates(toCandidates(hits), {
    k: request.k,
    minScore: request.minScore,
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
    // A hit pruned between search and expansion is dropped rather than returned half-filled.
    return hit ? [toItem(hit, r.score, r.scoreParts)] : [];
  });
  return {
    query: request.query,
    k: request.k,
    items,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

interface Hits {
  vector: SearchHit[];
  lexical: SearchHit[];
}

/**
 * Vector search cannot pre-filter in Neo4j 5, so each index is over-fetched and filtered by group and window;
 * when that leaves too few hits (a small group in a big database, a narrow window) an exact scan over the
 * group's own nodes takes its place.
 */
async function search(
  repo: RecallRepository,
  scope: SearchScope,
  levels: RecallLevel[],
  request: RecallRequest,
  vector: number[],
): Promise<Hits> {
  const pool = Math.max(request.k * 3, 30);
  const overFetch = Math.min(pool * 10, 1000);
  const summaryLevels = levels.filter((l) => (SUMMARY_LEVELS as readonly string[]).includes(l));
  const useVector = request.mode !== 'lexical';
  const luceneQuery = request.mode === 'vector' ? null : toLuceneQuery(request.query);
  const none = Promise.resolve([] as SearchHit[]);

  const [memories, summaries, eras, lexical] = await Promise.all([
    useVector && levels.includes('memory')
      ? repo
          .vectorMemories(scope, vector, overFetch, pool)
          .then((hits) => (hits.length < pool ? repo.exactMemories(scope, vector, pool) : hits))
      : none,
    useVector && summaryLevels.length > 0
      ? repo
          .vectorSummaries(scope, summaryLevels, vector, overFetch, pool)
          .then((hits) =>
            hits.length < pool ? repo.exactSummaries(scope, summaryLevels, vector, pool) : hits,
          )
      : none,
    useVector && levels.includes('era') ? repo.vectorEras(scope, vector, overFetch, pool) : none,
    luceneQuery ? repo.fulltext(scope, levels, luceneQuery, overFetch, pool) : none,
  ]);
  return { vector: [...memories, ...summaries, ...eras], lexical };
}

/**
 * Merges both lists by id. Decay comes as the cycle stored it: it runs on the group's clock (its latest memory),
 * which moves only with ingest, and every cycle refreshes it.
 */
function toCandidates(hits: Hits): Candidate[] {
  const byId = new Map<string, Candidate>();
  const entry = (hit: SearchHit): Candidate => {
    let candidate = byId.get(hit.id);
    if (!candidate) {
      const level = hit.level as RecallLevel;
      candidate = {
        id: hit.id,
        kind: level === 'memory' ? 'memory' : level === 'era' ? 'era' : 'summary',
        level,
        vectorScore: null,
        lexicalScore: null,
        decay: hit.decay,
      };
      byId.set(hit.id, candidate);
    }
    return candidate;
  };
  for (const hit of hits.vector) entry(hit).vectorScore = hit.score;
  for (const hit of hits.lexical) entry(hit).lexicalScore = hit.score;
  return [...byId.values()];
}

function toItem(hit: ExpandedHit, score: number, scoreParts: RecallItem['scoreParts']): RecallItem {
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
    details: hit.details,
    neighbours: hit.neighbours
      .sort((a, b) => (a.direction === b.direction ? a.steps - b.steps : a.direction === 'previous' ? -1 : 1))
      .map(({ steps: _steps, ...n }) => ({ ...n, level: n.level as RecallLevel })),
  };
}
