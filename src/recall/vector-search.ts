import type { Embedder } from '../ai/embeddings/index.js';
import { type RecallLevel, SUMMARY_LEVELS } from '../domain/levels.js';
import { INDEX_FETCH_MAX, type VectorSearchPlan, vectorSearchPlan } from '../domain/vector-budget.js';
import type { RecallStore, SearchHit, SearchScope } from '../graph/recall.js';

/**
 * The vector side through the indexes, each search sized by the group's share of its index
 * (domain/vector-budget.ts): an exact scan for a small group, an over-fetched index search filtered by group and
 * window for a large one. When a narrow window leaves the index search short, the exact scan over that window
 * (a range seek on the group's time) takes its place.
 */
export async function vectorSearch(
  { repo, embedder }: { repo: RecallStore; embedder: Embedder },
  scope: SearchScope,
  levels: RecallLevel[],
  { vector, words }: { vector: number[]; words: string[] },
  pool: number,
): Promise<SearchHit[]> {
  const share = await repo.vectorShare(scope.groupId);
  const windowed = scope.from !== null || scope.to !== null;
  const summaryLevels = levels.filter((l) => (SUMMARY_LEVELS as readonly string[]).includes(l));
  const search = async (
    plan: VectorSearchPlan,
    index: (candidates: number) => Promise<SearchHit[]>,
    exact: () => Promise<SearchHit[]>,
  ) => {
    if (plan.kind === 'exact') return exact();
    const hits = await index(plan.candidates);
    return hits.length < pool && windowed ? exact() : hits;
  };
  const none = Promise.resolve([] as SearchHit[]);
  const [memories, summaries, eras] = await Promise.all([
    levels.includes('memory')
      ? search(
          vectorSearchPlan(share.groupMemories, share.indexMemories, pool),
          // Memories have a vector index only under a semantic embedder (graph/schema.ts); otherwise their words
          // find every one that can be near the query.
          (candidates) =>
            embedder.semantic
              ? repo.vectorMemories(scope, vector, candidates, pool)
              : repo.vectorMemoriesByWords(scope, words, vector, WORD_CANDIDATES, pool),
          () => repo.exactMemories(scope, vector, pool),
        )
      : none,
    summaryLevels.length > 0
      ? search(
          vectorSearchPlan(share.groupSummaries, share.indexSummaries, pool),
          (candidates) => repo.vectorSummaries(scope, summaryLevels, vector, candidates, pool),
          () => repo.exactSummaries(scope, summaryLevels, vector, pool),
        )
      : none,
    // A group has a handful of eras: a fixed over-fetch finds them.
    levels.includes('era')
      ? repo.vectorEras(scope, vector, Math.min(pool * 10, INDEX_FETCH_MAX), pool)
      : none,
  ]);
  return [...memories, ...summaries, ...eras];
}

/**
 * How many full-text hits of the query's words a vector search of memories reads where memories have no vector
 * index: the memories sharing the most words with the query, which hold the nearest by word overlap.
 */
const WORD_CANDIDATES = 500;
