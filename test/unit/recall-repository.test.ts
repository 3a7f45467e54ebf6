import { describe, expect, it } from 'vitest';
import { askedWord } from '../../src/domain/term-keys.js';
import { GROUP_SIZE_TTL_MS, RecallRepository } from '../../src/graph/recall.js';

const scope = { groupId: 'g1', from: null, to: null, asOf: null };
const options = { candidates: 50, perTerm: 10, period: null, contextCandidates: 30, gapMinutes: 30 };
const tea = [askedWord('tea')];

/**
 * A graph that answers recall/lexical-search with a memory and a session that hold "tea", counting the group
 * (100, then 250, ...) only when it is not handed the count, as the Cypher does; `fail` makes the next read throw.
 */
function fakeGraph() {
  const sizes = [100, 250];
  const handed: unknown[] = [];
  const bestsHanded: Record<string, number | null>[] = [];
  const state = { fail: false };
  const graph = {
    read: async (name: string, params: Record<string, unknown> = {}) => {
      if (state.fail) {
        state.fail = false;
        throw new Error('gone');
      }
      if (name === 'recall/links-above')
        return [
          {
            links: [
              ['s-tea', 'm-tea'],
              ['d-1', 'm-tea'],
              ['w-1', 'd-1'],
              ['mo-1', 'w-1'],
            ],
          },
        ];
      handed.push(params.groupMemories);
      const terms = params.terms as { term: string; best: number | null }[];
      bestsHanded.push(Object.fromEntries(terms.map(({ term, best }) => [term, best])));
      return [
        {
          groupMemories: params.groupMemories ?? sizes.shift(),
          // As the statement reads a term's best only when it is not handed one.
          terms: terms.map(({ term, best }) => ({
            term,
            memoryCount: 1,
            best: best ?? (term === 'tea' ? 2.5 : null),
          })),
          hits: {
            ids: ['m-tea', 's-tea'],
            levels: ['memory', 'session'],
            scores: [2, 1],
            decays: [1, 0.5],
            texts: ['Teas at four?', 'Ana and Bo plan tea.'],
            speakers: ['ana', ''],
            sessions: ['s1', ''],
            times: [Date.UTC(2024, 0, 1), 0],
            inPeriod: params.periodFrom ? [true, false] : [false, false],
          },
          context: [
            {
              id: 'm-tea',
              previous: [],
              next: [{ id: 'm-2', text: 'yes', speaker: 'bo', tsMillis: Date.UTC(2024, 0, 1, 0, 1) }],
            },
          ],
          // As the statement looks entities up: only when handed a query for them.
          entities: params.entityQuery
            ? [{ id: 'e-ana', name: 'Ana Costa', aliases: ['Nina'], query: params.entityQuery }]
            : [],
        },
      ];
    },
  };
  return {
    graph: graph as unknown as ConstructorParameters<typeof RecallRepository>[0],
    handed,
    bestsHanded,
    state,
  };
}

describe('RecallRepository.lexicalSearch', () => {
  it('turns the parallel lists into one hit per entry, each with the asked terms its text or speaker holds', async () => {
    const repo = new RecallRepository(fakeGraph().graph);
    const asked = [askedWord('tea'), askedWord('ana'), askedWord('coffee')];
    const plain = await repo.lexicalSearch(scope, ['memory'], asked, options);
    expect(plain.terms).toEqual([
      { term: 'tea', memoryCount: 1, found: true },
      { term: 'ana', memoryCount: 1, found: false },
      { term: 'coffee', memoryCount: 1, found: false },
    ]);
    expect(plain.hits).toEqual([
      {
        id: 'm-tea',
        level: 'memory',
        decay: 1,
        inPeriod: false,
        bm25: 2,
        terms: ['tea', 'ana'],
        speaker: 'ana',
        sessionId: 's1',
      },
      {
        id: 's-tea',
        level: 'session',
        decay: 0.5,
        inPeriod: false,
        bm25: 1,
        terms: ['tea', 'ana'],
        speaker: null,
        sessionId: null,
      },
    ]);
    const dated = await repo.lexicalSearch(scope, ['memory'], tea, {
      ...options,
      period: { from: '2024-01-01T00:00:00Z', to: '2024-01-02T00:00:00Z' },
    });
    expect(dated.hits.map((h) => h.inPeriod)).toEqual([true, false]);
  });

  it('returns every memory hit as a turn and the turns around each candidate, times as ISO instants', async () => {
    const { context, turns } = await new RecallRepository(fakeGraph().graph).lexicalSearch(
      scope,
      [],
      tea,
      options,
    );
    // Every memory hit comes whole as a turn, whether its context was read or not; a summary does not.
    expect(turns).toEqual([
      { id: 'm-tea', text: 'Teas at four?', speaker: 'ana', ts: '2024-01-01T00:00:00.000Z' },
    ]);
    expect(context).toEqual([
      {
        id: 'm-tea',
        previous: [],
        next: [{ id: 'm-2', text: 'yes', speaker: 'bo', ts: '2024-01-01T00:01:00.000Z' }],
      },
    ]);
  });

  it('rebuilds the paths down from the summaries above each memory from the links, each given once', async () => {
    const paths = await new RecallRepository(fakeGraph().graph).pathsAbove('g1', ['m-tea', 'm-2']);
    expect(paths).toEqual(
      new Map([
        [
          'm-tea',
          [
            ['s-tea', 'm-tea'],
            ['d-1', 'm-tea'],
            ['w-1', 'd-1', 'm-tea'],
            ['mo-1', 'w-1', 'd-1', 'm-tea'],
          ],
        ],
        ['m-2', []],
      ]),
    );
  });

  it('looks up the entities named by the words in the same statement, and keeps those it found for a guess', async () => {
    const repo = new RecallRepository(fakeGraph().graph);
    const plain = await repo.lexicalSearch(scope, [], tea, options);
    expect(plain.entities).toEqual([]);
    expect(repo.entitiesSeen('g1', ['ana'])).toEqual([]);
    const looked = await repo.lexicalSearch(scope, [], tea, {
      ...options,
      entities: { words: ['ana'], limit: 5 },
    });
    const ana = {
      id: 'e-ana',
      name: 'Ana Costa',
      aliases: ['Nina'],
      query: '+groupId:"g1"^0 +(name:(ana) OR aliases:(ana))',
    };
    expect(looked.entities).toEqual([ana]);
    // Those that share a word of a name or an alias with the words asked, of the group's alone.
    expect(repo.entitiesSeen('g1', ['where', 'is', 'costa'])).toEqual([ana]);
    expect(repo.entitiesSeen('g1', ['nina'])).toEqual([ana]);
    expect(repo.entitiesSeen('g1', ['bo'])).toEqual([]);
    expect(repo.entitiesSeen('g2', ['ana'])).toEqual([]);
  });

  it('hands the statement the group size it counted less than GROUP_SIZE_TTL_MS ago, else lets it count', async () => {
    let now = 1_000_000;
    const { graph, handed } = fakeGraph();
    const repo = new RecallRepository(graph, () => now);
    expect((await repo.lexicalSearch(scope, [], tea, options)).groupMemories).toBe(100);
    now += GROUP_SIZE_TTL_MS - 1;
    expect((await repo.lexicalSearch(scope, [], tea, options)).groupMemories).toBe(100);
    now += 1;
    expect((await repo.lexicalSearch(scope, [], tea, options)).groupMemories).toBe(250);
    expect(handed).toEqual([null, 100, null]);
  });

  it("hands the statement a term's best score read less than GROUP_SIZE_TTL_MS ago, never a term found nowhere", async () => {
    let now = 1_000_000;
    const { graph, bestsHanded } = fakeGraph();
    const repo = new RecallRepository(graph, () => now);
    const asked = [askedWord('tea'), askedWord('coffee')];
    await repo.lexicalSearch(scope, [], asked, options);
    now += GROUP_SIZE_TTL_MS - 1;
    await repo.lexicalSearch(scope, [], asked, options);
    // Another group's "tea" is another term: its best is its group's.
    await repo.lexicalSearch({ ...scope, groupId: 'g2' }, [], asked, options);
    now += 1;
    await repo.lexicalSearch(scope, [], asked, options);
    expect(bestsHanded).toEqual([
      { tea: null, coffee: null },
      { tea: 2.5, coffee: null },
      { tea: null, coffee: null },
      { tea: null, coffee: null },
    ]);
  });

  it('keeps nothing from a failed search: the next one counts', async () => {
    const { graph, handed, state } = fakeGraph();
    const repo = new RecallRepository(graph, () => 0);
    state.fail = true;
    await expect(repo.lexicalSearch(scope, [], tea, options)).rejects.toThrow('gone');
    await repo.lexicalSearch(scope, [], tea, options);
    expect(handed).toEqual([null]);
  });

  it("reads a group's time zone once a minute, not once a recall", async () => {
    const names: string[] = [];
    let now = 0;
    const graph = {
      read: async <T>(name: string) => {
        names.push(name);
        return [{ timezone: 'Europe/Lisbon' }] as T[];
      },
    };
    const repo = new RecallRepository(graph, () => now);
    expect(await repo.groupTimeZone('g')).toBe('Europe/Lisbon');
    expect(await repo.groupTimeZone('g')).toBe('Europe/Lisbon');
    expect(names).toEqual(['recall/group-time-zone']);
    now += 60_001;
    await repo.groupTimeZone('g');
    expect(names).toHaveLength(2);
  });
});
