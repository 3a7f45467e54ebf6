import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../src/ai/embeddings/index.js';
import type { EntityRecord } from '../../src/domain/entity-shapes.js';
import { type RecallRequestInput, recallRequestSchema } from '../../src/domain/recall.js';
import type { LexicalHit } from '../../src/domain/term-evidence.js';
import type {
  ExpandedHit,
  MemoryContext,
  RankedHit,
  RecallStore,
  SearchHit,
  SearchScope,
  Turn,
} from '../../src/graph/recall.js';
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

/** A memory hit's own fields and the turns around it: the store returns them apart (`turns` and `context`). */
type TurnInContext = Turn & Pick<MemoryContext, 'previous' | 'next'>;

/** A memory as the store returns it: own fields, no turns around it. */
function contextOf(id: string, overrides: Partial<TurnInContext> = {}): TurnInContext {
  return {
    id,
    text: texts[id] ?? '',
    speaker: 'ana',
    ts: '2024-01-01T10:00:00Z',
    previous: [],
    next: [],
    ...overrides,
  };
}

type LexicalOptions = Parameters<RecallStore['lexicalSearch']>[3];

/** What a fake search finds per query term: its count in the group and the hits that hold it, each with a score. */
interface TermHits {
  term: string;
  memoryCount: number;
  hits: {
    id: string;
    level: string;
    score: number;
    decay: number;
    inPeriod?: boolean;
    speaker?: string;
    sessionId?: string;
  }[];
}

/**
 * A store's lexicalSearch from the term hits it finds and the context of a memory: a hit's score is the sum of its
 * terms' (Lucene's sum under the group's weights is Cypher's, checked in test/integration/recall.test.ts), and every
 * memory hit gets its context (the store's own choice of the best candidates is Cypher's too).
 */
function lexical(
  find: (terms: string[], options: LexicalOptions) => { groupMemories: number; termHits: TermHits[] },
  context: (id: string) => TurnInContext = (id) => contextOf(id),
): RecallStore['lexicalSearch'] {
  return async (_scope, _levels, asked, options) => {
    const found = find(
      asked.map((a) => a.term),
      options,
    );
    const hits = new Map<string, LexicalHit & { terms: string[] }>();
    for (const { term, hits: termHits } of found.termHits) {
      for (const { id, level, score, decay, inPeriod, speaker, sessionId } of termHits) {
        const hit = hits.get(id) ?? {
          id,
          level,
          decay,
          inPeriod: inPeriod === true,
          bm25: 0,
          terms: [],
          speaker,
          sessionId,
        };
        hit.bm25 += score;
        hit.terms.push(term);
        hits.set(id, hit);
      }
    }
    const memories = [...hits.values()].filter((h) => h.level === 'memory').map((h) => context(h.id));
    return {
      groupMemories: found.groupMemories,
      terms: found.termHits.map((t) => ({
        term: t.term,
        memoryCount: t.memoryCount,
        found: t.hits.length > 0,
      })),
      hits: [...hits.values()],
      context: memories.map(({ id, previous, next }) => ({ id, previous, next })),
      turns: memories.map(({ previous: _previous, next: _next, ...turn }) => turn),
      entities: [],
    };
  };
}

/** Term hits where only the word "team" finds anything: `hits`, in a group of 100 memories. */
function teamHits(hits: TermHits['hits']): Parameters<typeof lexical>[0] {
  return (terms) => ({
    groupMemories: 100,
    termHits: terms.map((term) => ({ term, memoryCount: 2, hits: term === 'team' ? hits : [] })),
  });
}

function store(overrides: Partial<RecallStore> = {}): RecallStore {
  const none = async () => [] as SearchHit[];
  return {
    vectorMemories: async () => [{ id: 'v', level: 'memory', score: 0.9, decay: 1 }],
    vectorMemoriesByWords: async () => [{ id: 'v', level: 'memory', score: 0.9, decay: 1 }],
    vectorSummaries: none,
    vectorEras: none,
    exactMemories: async () => [{ id: 'v', level: 'memory', score: 0.9, decay: 1 }],
    exactSummaries: none,
    groupTimeZone: async () => 'UTC',
    entitiesNamed: async () => [],
    entitiesSeen: () => [],
    pathsAbove: async (_groupId, ids) => new Map(ids.map((id) => [id, []])),
    vectorShare: async () => ({
      groupMemories: 5000,
      indexMemories: 50_000,
      groupSummaries: 500,
      indexSummaries: 5000,
    }),
    lexicalSearch: lexical(
      (terms) => ({
        groupMemories: 100,
        termHits: terms.map((term) => ({
          term,
          memoryCount: term === 'team' || term === 'sign' ? 2 : 0,
          hits: term === 'team' || term === 'sign' ? [{ id: 'q', level: 'memory', score: 2, decay: 1 }] : [],
        })),
      }),
      (id) =>
        contextOf(id, {
          next:
            id === 'q'
              ? [{ id: 'a', text: texts.a as string, speaker: 'john', ts: '2024-01-01T10:01:00Z' }]
              : [],
        }),
    ),
    expand: async (_scope, hits) =>
      hits.map(
        (h): ExpandedHit => ({
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

/** A store for a group of `groupMemories` in an index of 100,000 that notes which memory search each recall took. */
function memorySearches(calls: string[], groupMemories: number): RecallStore {
  return store({
    vectorShare: async () => ({
      groupMemories,
      indexMemories: 100_000,
      groupSummaries: 0,
      indexSummaries: 0,
    }),
    vectorMemories: async (_scope, _vector, candidates) => {
      calls.push(`index ${candidates}`);
      return [];
    },
    vectorMemoriesByWords: async (_scope, words) => {
      calls.push(`words ${words.join(' ')}`);
      return [];
    },
    exactMemories: async () => {
      calls.push('exact');
      return [];
    },
  });
}

const settings: RecallSettings = {
  listWeights: { vector: 0.05, lexical: 1 },
  fusion: 'ranks',
  minRelevance: 0.3,
  vectorRelevance: null,
  turnGapMinutes: 30,
  searchCandidates: 100,
  termCandidates: 500,
  contextCandidates: 30,
};

const ask = (request: RecallRequestInput, custom: Partial<RecallSettings> = {}, repo = store()) => {
  const chosen = { ...settings, ...custom };
  // Only an embedder whose similarity means something has a mapping onto relevance (config.ts).
  const embedder = { ...createHashingEmbedder(), semantic: chosen.vectorRelevance !== null };
  return recall({ repo, embedder, settings: chosen }, 'g', recallRequestSchema.parse(request));
};

/** Settings for an embedder whose similarity means something (the vector indexes are searched). */
const semantic: Partial<RecallSettings> = { vectorRelevance: () => 0 };

describe('recall (in-memory store)', () => {
  it('passes the configured list weights to the ranking', async () => {
    const lexicalLeads = await ask({ query: 'which team did you sign with', minScore: 0 }, semantic);
    expect(lexicalLeads.items.map((i) => i.id)).toEqual(['q', 'v']);
    const vectorLeads = await ask(
      { query: 'which team did you sign with', minScore: 0 },
      { ...semantic, listWeights: { vector: 1, lexical: 0.05 } },
    );
    expect(vectorLeads.items.map((i) => i.id)).toEqual(['v', 'q']);
  });

  it('with the hashing embedder, ranks by full text alone and searches no vectors', async () => {
    const searched: string[] = [];
    const repo = store({
      vectorMemories: async () => {
        searched.push('vectorMemories');
        return [];
      },
      exactMemories: async () => {
        searched.push('exactMemories');
        return [];
      },
    });
    const response = await ask({ query: 'which team did you sign with', minScore: 0 }, {}, repo);
    expect(searched).toEqual([]);
    expect(response.items.map((i) => [i.id, i.scoreParts.vector])).toEqual([['q', null]]);
  });

  it('skips the hashing vectors under a positive floor, where their zero relevance could never come back', async () => {
    const searched: string[] = [];
    const repo = store({
      vectorShare: async () => {
        searched.push('vectorShare');
        return { groupMemories: 10, indexMemories: 10, groupSummaries: 0, indexSummaries: 0 };
      },
      vectorMemories: async () => {
        searched.push('vectorMemories');
        return [{ id: 'v', level: 'memory', score: 0.9, decay: 1 }];
      },
      exactMemories: async () => {
        searched.push('exactMemories');
        return [{ id: 'v', level: 'memory', score: 0.9, decay: 1 }];
      },
    });
    const offTopic = await ask({ query: 'flights to lisbon' }, {}, repo);
    const noWords = await ask({ query: '?!' }, {}, repo);
    expect(searched).toEqual([]);
    expect([offTopic, noWords].map((r) => [r.items.length, r.abstained])).toEqual([
      [0, true],
      [0, true],
    ]);
  });

  it('searches the vector index when the query has no searchable words, and skips it in lexical mode', async () => {
    const searched: string[] = [];
    const repo = store({
      vectorMemories: async () => {
        searched.push('vectorMemories');
        return [{ id: 'v', level: 'memory', score: 0.9, decay: 1 }];
      },
      vectorMemoriesByWords: async (_scope, words) => {
        searched.push(`vectorMemoriesByWords [${words.join()}]`);
        return [];
      },
    });
    const noWords = await ask({ query: '?!', minScore: 0 }, semantic, repo);
    expect(searched).toEqual(['vectorMemories']);
    expect(noWords.items.map((i) => i.id)).toEqual(['v']);
    // The hashing embedder's memories have no index, and a query with no words is near none of them.
    await ask({ query: '?!', minScore: 0 }, {}, repo);
    expect(searched.splice(0)).toEqual(['vectorMemories', 'vectorMemoriesByWords []']);
    await ask({ query: 'which team did you sign with', mode: 'lexical', minScore: 0 }, semantic, repo);
    expect(searched).toEqual([]);
  });

  it('reports relevance on a fixed scale and drops what is under the floor', async () => {
    const response = await ask({ query: 'which team did you sign with' });
    // Both query terms are in the hit: all of the query's weight.
    expect(response.items.map((i) => [i.id, i.score])).toEqual([['q', 1]]);
    expect(response).toMatchObject({ minScore: 0.3, abstained: false });
  });

  it('abstains when the group holds none of what the query asks about', async () => {
    const response = await ask({ query: 'flights to lisbon' }, semantic);
    expect(response.items).toEqual([]);
    expect(response.abstained).toBe(true);
    // The hashing embedder's vectors are searched only when full text finds nothing, as here.
    const hashing = await ask({ query: 'flights to lisbon', minScore: 0 });
    expect(hashing.items.map((i) => [i.id, i.score])).toEqual([['v', 0]]);
    // With the floor off the vector hit comes back, with its (zero) relevance for the caller to judge.
    const everything = await ask({ query: 'flights to lisbon', minScore: 0 }, semantic);
    expect(everything.items.map((i) => [i.id, i.score])).toEqual([['v', 0]]);
  });

  it('abstains when the question names someone the group never mentions, whatever else matches', async () => {
    // "team" is in the group; "Maria" is not. Written in lower case, "maria" is just a word the group never used.
    const base = store();
    const repo = store({
      lexicalSearch: async (...args) => ({ ...(await base.lexicalSearch(...args)), groupMemories: 1000 }),
    });
    const named = await ask({ query: 'Which team was Maria on?' }, {}, repo);
    expect(named.items).toEqual([]);
    expect(named.abstained).toBe(true);
    const unnamed = await ask({ query: 'which team was maria on' }, {}, repo);
    expect(unnamed.items.map((i) => i.id)).toEqual(['q']);
  });

  it('does not abstain from a request for advice for a name the group never mentions', async () => {
    // Asked for advice, the group's memories inform the answer without holding it: "Maria" voids nothing.
    const base = store();
    const repo = store({
      lexicalSearch: async (...args) => ({ ...(await base.lexicalSearch(...args)), groupMemories: 1000 }),
    });
    const advice = await ask({ query: 'Can you suggest a team for Maria?' }, {}, repo);
    expect(advice.items.map((i) => i.id)).toEqual(['q']);
    expect(advice.abstained).toBe(false);
    const question = await ask({ query: 'Which team did you suggest for Maria?' }, {}, repo);
    expect(question.items).toEqual([]);
  });

  it("searches a request for advice without its request's wording", async () => {
    const searched: string[][] = [];
    const base = store();
    const repo = store({
      lexicalSearch: async (...args) => {
        searched.push(args[2].map((t) => t.term));
        return base.lexicalSearch(...args);
      },
    });
    await ask({ query: 'Which team should I join? Any tips?' }, {}, repo);
    await ask({ query: 'Which tips did the team give?' }, {}, repo);
    expect(searched).toEqual([
      ['team', 'join'],
      ['tips', 'team'],
    ]);
  });

  it('reads as many candidates, hits per term and context candidates as the settings say', async () => {
    const asked: { candidates: number; perTerm: number; contextCandidates: number }[] = [];
    const base = store();
    const repo = store({
      lexicalSearch: async (...args) => {
        const { candidates, perTerm, contextCandidates } = args[3];
        asked.push({ candidates, perTerm, contextCandidates });
        return base.lexicalSearch(...args);
      },
    });
    await ask({ query: 'which team did you sign with' }, {}, repo);
    await ask(
      { query: 'which team did you sign with' },
      { searchCandidates: 40, termCandidates: 200, contextCandidates: 10 },
      repo,
    );
    // A named period ranks three times as many: a hit in it counts twice its score.
    await ask({ query: 'which team did you sign with on 3 June 2023' }, { searchCandidates: 40 }, repo);
    expect(asked).toEqual([
      { candidates: 100, perTerm: 500, contextCandidates: 30 },
      { candidates: 40, perTerm: 200, contextCandidates: 10 },
      { candidates: 120, perTerm: 500, contextCandidates: 30 },
    ]);
  });

  it('ranks a hit in the period the query names over an equal one outside it', async () => {
    const hit = (id: string, inPeriod: boolean) => ({ id, level: 'memory', score: 2, decay: 1, inPeriod });
    const periods: unknown[] = [];
    const repo = store({
      lexicalSearch: lexical((terms, options) => {
        periods.push(options.period);
        return {
          groupMemories: 1000,
          termHits: terms.map((term) => ({
            term,
            memoryCount: 2,
            // As the store does: a hit is in the period only when the query names one.
            hits: [hit('aa', false), hit('zz', options.period !== null)],
          })),
        };
      }),
    });
    const dated = await ask({ query: 'What did we book on 3 June, 2023?', minScore: 0 }, {}, repo);
    expect(dated.items.map((i) => i.id)).toEqual(['zz', 'aa']);
    expect(periods[0]).toMatchObject({ from: '2023-06-02T00:00:00.000Z', to: '2023-06-05T00:00:00.000Z' });
    // Without a date the tie falls back to the ids.
    const undated = await ask({ query: 'What did we book?', minScore: 0 }, {}, repo);
    expect(undated.items.map((i) => i.id)).toEqual(['aa', 'zz']);
  });

  it('ranks a hit whose session says more of what the query asks over an equal one alone in its session', async () => {
    const repo = store({
      lexicalSearch: lexical((terms) => ({
        groupMemories: 1000,
        termHits: terms.map((term) => ({
          term,
          memoryCount: 2,
          hits:
            term === 'team'
              ? [
                  { id: 'aa', level: 'memory', score: 2, decay: 1, sessionId: 'one' },
                  { id: 'zz', level: 'memory', score: 2, decay: 1, sessionId: 'two' },
                ]
              : term === 'sign'
                ? [{ id: 'mm', level: 'memory', score: 1, decay: 1, sessionId: 'two' }]
                : [],
        })),
      })),
    });
    const response = await ask({ query: 'which team did they sign with', minScore: 0 }, {}, repo);
    // Without sessions the tie between aa and zz would fall to the ids, and mm, with half their score, come last: the
    // session that holds both words lifts both its turns.
    expect(response.items.map((i) => i.id)).toEqual(['zz', 'mm', 'aa']);
  });

  it('returns a memory hit whose context was not read from the search alone, with no expansion', async () => {
    const base = store();
    const expanded: string[] = [];
    const repo = store({
      // The search read no candidate's context: every memory is whole from its hit.
      lexicalSearch: async (...args) => ({ ...(await base.lexicalSearch(...args)), context: [] }),
      expand: async (scope, hits, options) => {
        expanded.push(...hits.map((h) => h.id));
        return base.expand(scope, hits, options);
      },
    });
    const response = await ask({ query: 'which team did you sign with', minScore: 0 }, {}, repo);
    expect(response.items.map((i) => [i.id, i.text, i.ts])).toEqual([['q', texts.q, '2024-01-01T10:00:00Z']]);
    expect(expanded).toEqual([]);
  });

  it("ranks the asker's own turn over an assistant's that scores higher, for a question about the asker alone", async () => {
    const repo = store({
      // The assistant's reply echoes the asker's words at more length than the turn that holds the fact.
      lexicalSearch: lexical(
        teamHits([
          { id: 'reply', level: 'memory', score: 3, decay: 1, speaker: 'assistant' },
          { id: 'told', level: 'memory', score: 2, decay: 1, speaker: 'user' },
        ]),
      ),
    });
    const order = async (query: string) =>
      (await ask({ query, minScore: 0 }, {}, repo)).items.map((i) => [i.id, i.score]);
    const aboutAsker = await order('Which team did I join?');
    expect(aboutAsker).toEqual([
      ['told', expect.any(Number)],
      ['reply', expect.any(Number)],
    ]);
    // Only the order moves: both still hold every word found.
    expect(aboutAsker[0]?.[1]).toBe(aboutAsker[1]?.[1]);
    expect((await order('Which team did you recommend?')).map(([id]) => id)).toEqual(['reply', 'told']);
    expect((await order('Which team was joined?')).map(([id]) => id)).toEqual(['reply', 'told']);
  });

  it('looks up the entities a query names in its search, and searches again only when its guess was wrong', async () => {
    const ana: EntityRecord = {
      id: 'e-ana',
      groupId: 'g1',
      kind: 'person',
      name: 'Ana Costa',
      aliases: ['Ana'],
      firstSeen: '2024-01-01T00:00:00.000Z',
      lastSeen: '2024-01-01T00:00:00.000Z',
      mentions: 3,
      sessions: 1,
    };
    const searches: { terms: string[]; lookup: string[] | null }[] = [];
    const seen: EntityRecord[] = [];
    const repo = store({
      entitiesSeen: () => [...seen],
      lexicalSearch: async (_scope, _levels, asked, options) => {
        searches.push({ terms: asked.map((a) => a.term), lookup: options.entities?.words ?? null });
        // As the repository keeps what its lookups found.
        if (options.entities) seen.push(ana);
        return {
          groupMemories: 10,
          terms: asked.map(({ term }) => ({ term, memoryCount: 0, found: false })),
          hits: [],
          context: [],
          turns: [],
          entities: options.entities ? [ana] : [],
        };
      },
    });
    const first = await ask({ query: 'where does Ana live', minScore: 0 }, {}, repo);
    expect(first.entities.map((e) => e.id)).toEqual(['e-ana']);
    // Nothing seen yet: the guess names nobody, and the lookup says "Ana" is Ana Costa, asked by both spellings.
    expect(searches).toEqual([
      { terms: ['ana', 'live'], lookup: ['ana', 'live'] },
      { terms: ['live', '"ana"'], lookup: null },
    ]);
    searches.length = 0;
    const second = await ask({ query: 'what does Ana cook', minScore: 0 }, {}, repo);
    expect(second.entities.map((e) => e.id)).toEqual(['e-ana']);
    expect(searches).toEqual([{ terms: ['cook', '"ana"'], lookup: ['ana', 'cook'] }]);
  });

  it('reads a relative period on the group’s calendar at the moment asked, and sees nothing after it', async () => {
    const asked: { scope: SearchScope; period: unknown }[] = [];
    const zones: string[] = [];
    const repo = store({
      groupTimeZone: async (groupId) => {
        zones.push(groupId);
        return 'Europe/Lisbon';
      },
      lexicalSearch: async (scope, _levels, terms, options) => {
        asked.push({ scope, period: options.period });
        return {
          groupMemories: 10,
          terms: terms.map(({ term }) => ({ term, memoryCount: 0, found: false })),
          hits: [],
          context: [],
          turns: [],
          entities: [],
        };
      },
    });
    // Asked on Tuesday 2023-05-30 at 23:40 in Lisbon (UTC+1): last Saturday is 2023-05-27, widened by a day each side.
    await ask(
      { query: 'Where did I eat last Saturday?', asOf: '2023-05-30T22:40:00Z', minScore: 0 },
      {},
      repo,
    );
    expect(asked[0]?.period).toEqual({ from: '2023-05-25T23:00:00.000Z', to: '2023-05-28T23:00:00.000Z' });
    expect(asked[0]?.scope).toMatchObject({
      to: '2023-05-30T22:40:00.001Z',
      asOf: '2023-05-30T22:40:00.000Z',
    });
    // A window that ends earlier stays; no relative words, no zone read and no period.
    await ask(
      { query: 'Where did I eat?', asOf: '2023-05-30T22:40:00Z', to: '2023-05-01', minScore: 0 },
      {},
      repo,
    );
    expect(asked[1]).toMatchObject({ period: null, scope: { to: '2023-05-02T00:00:00.000Z' } });
    expect(zones).toEqual(['g']);
    // Without asOf: no cut, and the clock of the deps (here the real one) is the moment asked.
    await ask({ query: 'what did I buy yesterday', minScore: 0 }, {}, repo);
    expect(asked[2]?.scope).toMatchObject({ to: null, asOf: null });
    expect(asked[2]?.period).not.toBeNull();
  });

  it('sizes the vector search by the group’s share of the index', async () => {
    const calls: string[] = [];
    const recorder = (share: number) => memorySearches(calls, share);
    const query: RecallRequestInput = { query: 'team', mode: 'vector', levels: ['memory'] };
    await ask(query, semantic, recorder(10_000));
    await ask(query, semantic, recorder(500));
    // Short of hits inside a window: the window is scanned exactly.
    await ask({ ...query, from: '2024-01-01', to: '2024-02-01' }, semantic, recorder(10_000));
    expect(calls).toEqual(['index 600', 'exact', 'index 600', 'exact']);
  });

  it('with the hashing embedder, finds the nearest memories of a large group among those sharing its words', async () => {
    const calls: string[] = [];
    const recorder = (share: number) => memorySearches(calls, share);
    const query: RecallRequestInput = { query: 'the wolves won', mode: 'vector', levels: ['memory'] };
    await ask(query, {}, recorder(10_000));
    // A small group is scanned exactly, as under any embedder; so is a window the words leave short.
    await ask(query, {}, recorder(500));
    await ask({ ...query, from: '2024-01-01', to: '2024-02-01' }, {}, recorder(10_000));
    expect(calls).toEqual(['words wolves won', 'exact', 'words wolves won', 'exact']);
  });

  it('asks the expansion for the candidates beneath a summary hit, and the walk down only for the rest', async () => {
    const asked: RankedHit[] = [];
    const pathsAsked: string[][] = [];
    const repo = store({
      lexicalSearch: lexical(
        teamHits([
          { id: 'w', level: 'week', score: 3, decay: 1 },
          { id: 'q', level: 'memory', score: 2, decay: 1 },
        ]),
      ),
      pathsAbove: async (_groupId, ids) => {
        pathsAsked.push(ids);
        return new Map(
          ids.map((id) => [
            id,
            id === 'q'
              ? [
                  ['s', 'q'],
                  ['w', 'd', 'q'],
                ]
              : [],
          ]),
        );
      },
      expand: async (_scope, hits) => {
        asked.push(...hits);
        return hits.map(
          (h): ExpandedHit => ({
            id: h.id,
            kind: h.id === 'w' ? 'summary' : 'memory',
            level: h.id === 'w' ? 'week' : 'memory',
            text: texts[h.id] ?? 'the week',
            speaker: null,
            ts: null,
            periodStart: null,
            periodEnd: null,
            details: h.known.map((k) => ({
              id: k.id,
              text: texts[k.id] ?? '',
              speaker: 'ana',
              ts: 't',
              score: 0.1,
              path: k.path,
            })),
            neighbours: [],
          }),
        );
      },
    });
    const response = await ask({ query: 'team', minScore: 0, expand: { perSummary: 3 } }, {}, repo);
    // The first path of q that starts at the week, found upwards from q.
    expect(asked.find((h) => h.id === 'w')).toEqual({
      id: 'w',
      known: [{ id: 'q', path: ['w', 'd', 'q'] }],
      fill: 2,
    });
    // The memory's context was read with its turns: nothing left to expand. The paths above the candidates are
    // read once, as a summary ranks.
    expect(asked.map((h) => h.id)).toEqual(['w']);
    expect(pathsAsked).toEqual([['q']]);
    expect(response.items.find((i) => i.id === 'q')?.text).toBe(texts.q);
    const week = response.items.find((i) => i.id === 'w');
    expect(week?.details.map((d) => [d.id, d.path])).toEqual([['q', ['w', 'd', 'q']]]);
  });

  it('shows under a summary hit the candidates beneath it that the ranking returns, not one it ranks lower', async () => {
    const asked: RankedHit[] = [];
    const base = store();
    const repo = store({
      lexicalSearch: lexical(
        teamHits([
          { id: 'w', level: 'day', score: 3, decay: 1 },
          { id: 'q', level: 'memory', score: 2, decay: 1 },
          { id: 'x', level: 'memory', score: 1, decay: 1 },
        ]),
      ),
      pathsAbove: async (_groupId, ids) => new Map(ids.map((id) => [id, [['w', id]]])),
      expand: async (scope, hits, options) => {
        asked.push(...hits);
        return base.expand(scope, hits, options);
      },
    });
    // k = 2 returns the day and q; x, beneath the day too, ranks third.
    await ask({ query: 'team', minScore: 0, k: 2, expand: { perSummary: 3 } }, {}, repo);
    expect(asked.find((h) => h.id === 'w')).toEqual({
      id: 'w',
      known: [{ id: 'q', path: ['w', 'q'] }],
      fill: 1,
    });
  });

  it('brings the reply under a hit that asks a question, and none when told not to', async () => {
    const response = await ask({ query: 'which team did you sign with' });
    expect(response.items[0]?.details.map((d) => [d.id, d.path])).toEqual([['a', ['q', 'a']]]);
    const bare = await ask({ query: 'which team did you sign with', expand: { turns: 0 } });
    expect(bare.items[0]?.details).toEqual([]);
  });

  it('brings the reply under a hit whose question comes before the rest of the turn', async () => {
    const base = store();
    const asking = 'Which team did you sign with? I heard the news this morning.';
    const repo = store({
      expand: async (...args) => (await base.expand(...args)).map((hit) => ({ ...hit, text: asking })),
      lexicalSearch: async (...args) => {
        const found = await base.lexicalSearch(...args);
        return { ...found, turns: found.turns.map((t) => (t.id === 'q' ? { ...t, text: asking } : t)) };
      },
    });
    const response = await ask({ query: 'which team did you sign with' }, {}, repo);
    expect(response.items[0]?.details.map((d) => d.id)).toEqual(['a']);
  });

  it('brings no turns under a hit that states rather than asks', async () => {
    const base = store();
    // The same hit and reply, but the hit is a statement: its neighbour would only take a slot from the next hit.
    const repo = store({
      expand: async (...args) =>
        (await base.expand(...args)).map((hit) => ({ ...hit, text: 'We signed with a team today.' })),
      lexicalSearch: async (...args) => {
        const found = await base.lexicalSearch(...args);
        return {
          ...found,
          turns: found.turns.map((t) => ({ ...t, text: 'We signed with a team today.' })),
        };
      },
    });
    const response = await ask({ query: 'which team did you sign with', expand: { turns: 2 } }, {}, repo);
    expect(response.items.map((i) => [i.id, i.details])).toEqual([['q', []]]);
  });

  it("brings the assistant's reply under the asker's turn for a question about what the assistant said, and only then", async () => {
    const base = store();
    const chat = (replier: string, text = 'List some names for our team') =>
      store({
        lexicalSearch: async (...args) => {
          const found = await base.lexicalSearch(...args);
          return {
            ...found,
            turns: found.turns.map((t) => ({ ...t, text, speaker: 'user' })),
            context: found.context.map((c) => ({
              ...c,
              next: c.next.map((t) => ({ ...t, speaker: replier })),
            })),
          };
        },
      });
    const details = async (query: string, repo: RecallStore) =>
      (await ask({ query }, {}, repo)).items.map((i) => [i.id, i.details.map((d) => d.id)]);
    expect(await details('Which team names did you suggest?', chat('assistant'))).toEqual([['q', ['a']]]);
    // Asked about the asker, or in a conversation with no assistant, the request stands alone.
    expect(await details('Which team names did I like?', chat('assistant'))).toEqual([['q', []]]);
    expect(await details('Which team names did you suggest?', chat('john'))).toEqual([['q', []]]);
    // Asked about the asker, the assistant's reply to a question only repeats it: the asker's turn holds the answer.
    const question = 'Which team should I sign with?';
    expect(await details('Which team did I sign with?', chat('assistant', question))).toEqual([['q', []]]);
    expect(await details('Which team did I sign with?', chat('john', question))).toEqual([['q', ['a']]]);
  });

  it('brings no reply under a long turn that tells what the query asks, unless every reply is asked for', async () => {
    const base = store();
    const tells =
      'We finally signed with a team today after weeks of talks, the contract is for two seasons and the move is ' +
      'in June. Do you think the city will suit us?';
    const repo = store({
      expand: async (...args) => (await base.expand(...args)).map((hit) => ({ ...hit, text: tells })),
      lexicalSearch: async (...args) => {
        const found = await base.lexicalSearch(...args);
        return { ...found, turns: found.turns.map((t) => (t.id === 'q' ? { ...t, text: tells } : t)) };
      },
    });
    const request = recallRequestSchema.parse({ query: 'which team did you sign with' });
    const embedder = { ...createHashingEmbedder(), semantic: false };
    const client = await recall({ repo, embedder, settings }, 'g', request);
    expect(client.items[0]?.details).toEqual([]);
    // The context block packs by tokens, not k: there the reply comes.
    const block = await recall({ repo, embedder, settings }, 'g', request, { everyReply: true });
    expect(block.items[0]?.details.map((d) => d.id)).toEqual(['a']);
  });
});
