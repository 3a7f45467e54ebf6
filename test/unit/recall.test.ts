import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../src/ai/embeddings/index.js';
import { type RecallRequestInput, recallRequestSchema } from '../../src/domain/recall.js';
import type { ExpandedHit, RecallStore, SearchHit } from '../../src/graph/recall.js';
import { type RecallSettings, recall } from '../../src/recall/recall.js';

/**
 * recall()'s orchestration against a typed in-memory store: what reaches the ranking, the floor, the turns under a
 * hit. The Cypher behind each store method is checked against Neo4j in test/integration/recall.test.ts.
 */
const texts: Record<string, string> = {
  q: 'Which team did you sign with?',
  a: 'The Minnesota Wolves, finally!',
  v: 'wolves wolves wolves',
};

function store(overrides: Partial<RecallStore> = {}): RecallStore {
  const none = async () => [] as SearchHit[];
  return {
    vectorMemories: async () => [{ id: 'v', level: 'memory', score: 0.9, decay: 1 }],
    vectorSummaries: none,
    vectorEras: none,
    exactMemories: async () => [{ id: 'v', level: 'memory', score: 0.9, decay: 1 }],
    exactSummaries: none,
    termHits: async (_scope, _levels, terms) => ({
      groupMemories: 100,
      termHits: terms.map((term) => ({
        term,
        memoryCount: term === 'team' || term === 'sign' ? 2 : 0,
        hits: term === 'team' || term === 'sign' ? [{ id: 'q', level: 'memory', score: 2, decay: 1 }] : [],
      })),
    }),
    turnNeighbours: async (_g, ids) =>
      ids.map((id) => ({
        id,
        previous: [],
        next:
          id === 'q'
            ? [{ id: 'a', text: texts.a as string, speaker: 'john', ts: '2024-01-01T10:01:00Z' }]
            : [],
      })),
    expand: async (_scope, hits) =>
      hits.map(
        (h, rank): ExpandedHit => ({
          rank,
          id: h.id,
          kind: 'memory',
          level: 'memory',
          text: texts[h.id] ?? '',
          speaker: 'ana',
          ts: '2024-01-01T10:00:00Z',
          periodStart: null,
          periodEnd: null,
          details: [],
          neighbours: [],
        }),
      ),
    ...overrides,
  };
}

const settings: RecallSettings = {
  listWeights: { vector: 0.05, lexical: 1 },
  minRelevance: 0.3,
  vectorRelevance: null,
  turnGapMinutes: 30,
};

const ask = (request: RecallRequestInput, custom: Partial<RecallSettings> = {}, repo = store()) =>
  recall(
    { repo, embedder: createHashingEmbedder(), settings: { ...settings, ...custom } },
    'g',
    recallRequestSchema.parse(request),
  );

describe('recall (in-memory store)', () => {
  it('passes the configured list weights to the ranking', async () => {
    const lexicalLeads = await ask({ query: 'which team did you sign with', minScore: 0 });
    expect(lexicalLeads.items.map((i) => i.id)).toEqual(['q', 'v']);
    const vectorLeads = await ask(
      { query: 'which team did you sign with', minScore: 0 },
      { listWeights: { vector: 1, lexical: 0.05 } },
    );
    expect(vectorLeads.items.map((i) => i.id)).toEqual(['v', 'q']);
  });

  it('reports relevance on a fixed scale and drops what is under the floor', async () => {
    const response = await ask({ query: 'which team did you sign with' });
    // Both query terms are in the hit: all of the query's weight.
    expect(response.items.map((i) => [i.id, i.score])).toEqual([['q', 1]]);
    expect(response).toMatchObject({ minScore: 0.3, abstained: false });
  });

  it('abstains when the group holds none of what the query asks about', async () => {
    const response = await ask({ query: 'flights to lisbon' });
    expect(response.items).toEqual([]);
    expect(response.abstained).toBe(true);
    // With the floor off the vector hit comes back, with its (zero) relevance for the caller to judge.
    const everything = await ask({ query: 'flights to lisbon', minScore: 0 });
    expect(everything.items.map((i) => [i.id, i.score])).toEqual([['v', 0]]);
  });

  it('brings the reply under a hit that asks a question, and none when told not to', async () => {
    const response = await ask({ query: 'which team did you sign with' });
    expect(response.items[0]?.details.map((d) => [d.id, d.path])).toEqual([['a', ['q', 'a']]]);
    const bare = await ask({ query: 'which team did you sign with', expand: { turns: 0 } });
    expect(bare.items[0]?.details).toEqual([]);
  });
});
