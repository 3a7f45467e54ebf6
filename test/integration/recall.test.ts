import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadTokenCounter } from '../../src/ai/tokenizer.js';
import { CONTEXT_TITLES } from '../../src/domain/context.js';
import { frequencyPart } from '../../src/domain/group-bm25.js';
import { queryTerms } from '../../src/domain/lucene.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { type RecallResponse, recallRequestSchema } from '../../src/domain/recall.js';
import { idf } from '../../src/domain/term-evidence.js';
import { askedWord, textTerms } from '../../src/domain/term-keys.js';
import { cypher } from '../../src/graph/cypher.js';
import { RecallRepository } from '../../src/graph/recall.js';
import type { Strata } from '../../src/strata.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

/**
 * Three weeks, each about one thing: sailing, pottery, chess. Every day has enough messages for a day summary
 * and every week enough days for a week summary, so recall has all layers to work with.
 */
const WEEKS = [
  {
    monday: '2024-03-04',
    lines: [
      'The regatta starts at the harbour on Saturday morning',
      'We need a new jib before the regatta, the old sail is torn',
      'Harbour master says the moorings are free after nine',
      'Who brings the life jackets for the regatta crew?',
    ],
  },
  {
    monday: '2024-03-11',
    lines: [
      'The kiln reached cone six overnight, the glaze came out glossy',
      'Try the celadon glaze on the big bowls next firing',
      'The pottery wheel needs a new belt before the kiln session',
      'I trimmed twelve mugs, they are drying next to the kiln',
    ],
  },
  {
    monday: '2024-03-18',
    lines: [
      'The chess club meets Thursday, bring your opening notes',
      'That queens gambit line wins a pawn if black is careless',
      'The chess tournament pairings are posted on the board',
      'Endgame practice: rook and pawn against rook, twenty minutes',
    ],
  },
];

function weekMemories(): MemoryInput[] {
  const memories: MemoryInput[] = [];
  for (const week of WEEKS) {
    for (let day = 0; day < 5; day++) {
      const date = new Date(`${week.monday}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + day);
      week.lines.forEach((text, i) => {
        const ts = new Date(date.getTime() + (9 + i * 2) * 3_600_000).toISOString();
        memories.push({
          text: `${text} (day ${day + 1})`,
          speaker: ['ana', 'ben', 'cai'][i % 3] as string,
          ts,
        });
      });
    }
  }
  return memories;
}

const NOW = new Date('2024-04-02T00:00:00Z');

describeNeo4j('recall against Neo4j', () => {
  let strata: Strata;
  const group = testGroupId('recall');
  const other = testGroupId('recall-other');

  const ask = (groupId: string, body: Record<string, unknown>): Promise<RecallResponse> =>
    strata.services.recall(groupId, recallRequestSchema.parse(body));

  beforeAll(async () => {
    strata = await openTestStrata({ PRUNE_ENABLED: 'false' });
    for (const g of [group, other]) {
      await strata.services.ingest(g, weekMemories());
      const report = await strata.cycle(g, { now: NOW });
      if (report.status !== 'succeeded') throw new Error(`cycle of ${g} failed: ${JSON.stringify(report)}`);
    }
    const weeks = await strata.services.listSummaries(group, { level: 'week', limit: 10 });
    if (weeks.length !== 3) throw new Error(`expected 3 week summaries, found ${weeks.length}`);
  }, 300_000);

  afterAll(async () => {
    await deleteGroup(strata.graph, group);
    await deleteGroup(strata.graph, other);
    await strata?.close();
  });

  it('finds the week summary for its subject and, under it, the memories that hold the words', async () => {
    const response = await ask(group, { query: 'kiln glaze pottery', k: 3, levels: ['week'] });
    const [top] = response.items;
    expect(top?.id).toBe(`${group}:week:2024-03-11`);
    expect(top?.kind).toBe('summary');
    // Found by its words: the hashing embedder's vectors are not searched when full text finds something.
    expect(top?.scoreParts.lexical).not.toBeNull();
    expect(top?.scoreParts.vector).toBeNull();
    expect(top?.details.length).toBeGreaterThan(0);
    for (const detail of top?.details ?? []) {
      expect(detail.text).toMatch(/kiln|glaze|pottery/i);
      // week -> day -> memory
      expect(detail.path).toHaveLength(3);
      expect(detail.path[0]).toBe(top?.id);
      expect(detail.path[1]).toMatch(new RegExp(`^${group}:day:2024-03-1[1-5]$`));
      expect(detail.path[2]).toBe(detail.id);
    }
  });

  it('reads the context of the memory candidates whose bm25 is best, in the order the search ranks them', async () => {
    const query = 'the regatta sail and the kiln glaze for the chess club';
    const { hits, context } = await new RecallRepository(strata.graph).lexicalSearch(
      { groupId: group, from: null, to: null, asOf: null },
      ['memory', 'session', 'day', 'week', 'month'],
      queryTerms(query).map(askedWord),
      // This group's messages are two hours apart: a gap of three makes them neighbours.
      { candidates: 100, perTerm: 500, period: null, contextCandidates: 7, gapMinutes: 180 },
    );
    const best = hits
      .filter((h) => h.level === 'memory')
      .sort((a, b) => b.bm25 - a.bm25 || (a.id < b.id ? -1 : 1))
      .slice(0, 7)
      .map((h) => h.id);
    expect(best).toHaveLength(7);
    expect(context.map((c) => c.id).sort()).toEqual([...best].sort());
    // Summaries are searched with the memories, each with the terms its text holds.
    expect(hits.some((h) => h.level === 'week' && [...h.terms].includes('kiln'))).toBe(true);
    // Each with its turns in the same session; the summaries above the candidates, read apart: every path down to
    // each, rebuilt from the links the statement returns once, as a walk up from the memory itself finds them.
    const above = await new RecallRepository(strata.graph).pathsAbove(
      group,
      context.map((c) => c.id),
    );
    for (const c of context) {
      const walked = await strata.graph.read<{ path: string[] }>('inspect/paths-above-memory', {
        groupId: group,
        memoryId: c.id,
      });
      expect(walked.length).toBeGreaterThanOrEqual(3);
      expect((above.get(c.id) ?? []).map((p) => p.join(' < ')).sort()).toEqual(
        walked.map((w) => w.path.join(' < ')).sort(),
      );
    }
    expect(context.some((c) => c.next.length + c.previous.length > 0)).toBe(true);
  });

  it("reads a candidate's turns nearest first in its own conversation, ties in time by id, in a busy half hour", async () => {
    const busy = testGroupId('recall-busy');
    const at = (second: number) => new Date(Date.UTC(2024, 4, 1, 9, 0, second)).toISOString();
    try {
      await strata.services.ingest(busy, [
        // Twenty turns of chatter, then two at one instant, a turn of another thread between, the candidate.
        ...Array.from({ length: 20 }, (_, i) => ({
          id: `early-${i}`,
          text: `chatter ${i}`,
          speaker: 'ana',
          ts: at(i * 10),
        })),
        { id: 'tie-b', text: 'the second of two at once', speaker: 'ben', ts: at(300) },
        { id: 'tie-a', text: 'the first of two at once', speaker: 'cai', ts: at(300) },
        {
          id: 'aside',
          text: 'a word in another thread',
          speaker: 'dee',
          ts: at(330),
          sessionId: 'elsewhere',
        },
        { id: 'candidate', text: 'the quokka question', speaker: 'ana', ts: at(360) },
        { id: 'aside-2', text: 'another thread again', speaker: 'dee', ts: at(370), sessionId: 'elsewhere' },
        { id: 'reply', text: 'the reply', speaker: 'ben', ts: at(400) },
        ...Array.from({ length: 20 }, (_, i) => ({
          id: `late-${i}`,
          text: `more ${i}`,
          speaker: 'cai',
          ts: at(420 + i * 10),
        })),
      ]);
      await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
      const { context } = await new RecallRepository(strata.graph).lexicalSearch(
        { groupId: busy, from: null, to: null, asOf: null },
        ['memory'],
        [askedWord('quokka')],
        { candidates: 100, perTerm: 500, period: null, contextCandidates: 1, gapMinutes: 30 },
      );
      expect(context.map((c) => c.id)).toEqual(['candidate']);
      // The turns of one instant are in id order: tie-b comes just before the candidate.
      expect(context[0]?.previous.map((t) => t.id)).toEqual(['tie-b']);
      expect(context[0]?.next.map((t) => t.id)).toEqual(['reply']);
    } finally {
      await deleteGroup(strata.graph, busy);
    }
  });

  it("weighs each term by the group's own counts and ranks by their sum in one search, whatever other groups hold", async () => {
    const crowded = testGroupId('recall-crowded');
    const other = testGroupId('recall-crowded-other');
    const at = (minute: number) => new Date(Date.UTC(2024, 4, 1, 9, minute)).toISOString();
    const long = 'after a long walk along the river and up the hill to the old castle walls at dusk';
    const short = (group: string, word: string, from: number) =>
      Array.from({ length: 8 }, (_, i) => ({
        id: `${group}-${word}-${i}`,
        text: `${word} again`,
        speaker: 'ana',
        ts: at(from + i),
      }));
    const scope = { groupId: crowded, from: null, to: null, asOf: null };
    const search = (candidates: number) =>
      new RecallRepository(strata.graph).lexicalSearch(
        scope,
        ['memory'],
        ['coffee', 'lisbon', 'tea'].map(askedWord),
        { candidates, perTerm: 500, period: null, contextCandidates: 1, gapMinutes: 30 },
      );
    try {
      await strata.services.ingest(crowded, [
        // Short messages score best for their word, so a list of each word's best hits is full of them.
        ...short('c', 'coffee', 0),
        ...short('c', 'tea', 10),
        { id: 'lisbon-0', text: 'lisbon again', speaker: 'ben', ts: at(20) },
        { id: 'both', text: `coffee in lisbon ${long}`, speaker: 'ana', ts: at(21) },
        { id: 'coffee-only', text: `coffee ${long}`, speaker: 'ben', ts: at(22) },
        { id: 'coffee-tea', text: `coffee and tea ${long}`, speaker: 'cai', ts: at(23) },
      ]);
      await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
      const { terms, hits, groupMemories } = await search(30);
      expect(groupMemories).toBe(20);
      // Each term's count is the group's, not a list's: eleven memories say coffee.
      expect(terms).toEqual([
        { term: 'coffee', memoryCount: 11, found: true },
        { term: 'lisbon', memoryCount: 2, found: true },
        { term: 'tea', memoryCount: 9, found: true },
      ]);
      // The message with both coffee and the rare lisbon outranks every message that says coffee alone, though
      // each short one scores better for that one word.
      const both = hits.find((h) => h.id === 'both');
      expect(both).toMatchObject({ terms: ['coffee', 'lisbon'] });
      const coffeeAlone = hits.filter((h) => [...h.terms].join() === 'coffee');
      expect(coffeeAlone.length).toBeGreaterThan(5);
      expect(both?.bm25).toBeGreaterThan(Math.max(...coffeeAlone.map((h) => h.bm25)));
      // Lucene picks the candidates itself, in its order: asked for three, the search returns the first three of it.
      const firstThree = await search(3);
      expect(firstThree.hits.map((h) => h.id)).toEqual(hits.slice(0, 3).map((h) => h.id));
      // Its score is the sum, per term held, of its BM25 frequency part over the term's best in the group (a two-word
      // message for both words), by the length of the group's own texts, times the term's idf in the group.
      const lengths = (
        await strata.graph.read<{ text: string }>('verify/term-memories-page', {
          groupId: crowded,
          afterId: '',
          limit: 100,
        })
      ).map((m) => textTerms(m.text).length);
      const average = lengths.reduce((a, b) => a + b, 0) / lengths.length;
      const ofBest =
        frequencyPart(1, textTerms(`coffee in lisbon ${long}`).length, average) /
        frequencyPart(1, 2, average);
      expect(both?.bm25).toBeCloseTo(ofBest * idf(20, 11) + ofBest * idf(20, 2), 10);
      // Another group that says coffee and lisbon all day, in texts of another length, changes neither the counts
      // nor a single score.
      await strata.services.ingest(other, [
        ...short('o', 'lisbon', 0),
        ...short('o', `coffee lisbon ${long} ${long}`, 10),
      ]);
      await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
      const after = await search(30);
      expect(after.terms).toEqual(terms);
      const scoreById = (found: { id: string; bm25: number }[]) => new Map(found.map((h) => [h.id, h.bm25]));
      expect(scoreById(after.hits)).toEqual(scoreById(hits));
      expect(after.hits.every((h) => !h.id.startsWith('o-'))).toBe(true);
    } finally {
      await deleteGroup(strata.graph, crowded);
      await deleteGroup(strata.graph, other);
    }
  });

  it('ranks a memory that holds the words first among memories', async () => {
    const response = await ask(group, { query: 'queens gambit pawn', k: 5, levels: ['memory'] });
    expect(response.items[0]?.text).toMatch(/queens gambit/);
    expect(response.items[0]?.scoreParts.lexical).not.toBeNull();
  });

  it('keeps hits and details inside the time window', async () => {
    const response = await ask(group, {
      query: 'kiln glaze pottery regatta chess',
      k: 20,
      // Only the chess words can match inside this window, which is too little of the query to pass the floor.
      minScore: 0,
      from: '2024-03-18',
      to: '2024-03-25',
    });
    expect(response.items.length).toBeGreaterThan(0);
    for (const item of response.items) {
      if (item.ts) {
        expect(item.ts >= '2024-03-18' && item.ts < '2024-03-25', `${item.id} at ${item.ts}`).toBe(true);
      } else {
        // A summary or era counts when its period overlaps the window (the March month does).
        const overlaps = (item.periodStart ?? '') < '2024-03-25' && (item.periodEnd ?? '') >= '2024-03-18';
        expect(overlaps, `${item.id} ${item.periodStart}..${item.periodEnd}`).toBe(true);
      }
      for (const d of item.details) expect(d.ts >= '2024-03-18' && d.ts < '2024-03-25', d.id).toBe(true);
    }
    expect(response.items.some((i) => i.id === `${group}:week:2024-03-11`)).toBe(false);
  });

  it('never returns another group’s memories or summaries', async () => {
    const response = await ask(group, { query: 'regatta harbour jib', k: 30 });
    const memoryIds = new Set(
      response.items.flatMap((i) => [...(i.kind === 'memory' ? [i.id] : []), ...i.details.map((d) => d.id)]),
    );
    const memories = await strata.graph.read<{ id: string }>('inspect/memories', {
      groupId: group,
      ids: [...memoryIds],
    });
    expect(memoryIds.size).toBeGreaterThan(0);
    // Every memory named is this group's own (the other group's ids are content hashes of its own group).
    expect(memories.map((m) => m.id).sort()).toEqual([...memoryIds].sort());
    for (const item of response.items) {
      if (item.kind !== 'memory') expect(item.id.startsWith(`${group}:`)).toBe(true);
      for (const d of item.details) expect(d.path[0]?.startsWith(`${group}:`)).toBe(true);
    }
  });

  it('honours perSummary, down and sideways', async () => {
    const base = { query: 'kiln glaze pottery', k: 1, levels: ['week'] };
    const two = await ask(group, { ...base, expand: { perSummary: 2, sideways: 1 } });
    expect(two.items[0]?.details).toHaveLength(2);
    const neighbours = two.items[0]?.neighbours ?? [];
    expect(neighbours.map((n) => [n.direction, n.id])).toEqual([
      ['previous', `${group}:week:2024-03-04`],
      ['next', `${group}:week:2024-03-18`],
    ]);
    const flat = await ask(group, { ...base, expand: { down: false, sideways: 0 } });
    expect(flat.items[0]?.details).toEqual([]);
    expect(flat.items[0]?.neighbours).toEqual([]);
    const wide = await ask(group, { ...base, expand: { perSummary: 20 } });
    // Twenty pottery messages sit under that week.
    expect(wide.items[0]?.details).toHaveLength(20);
  });

  it('expands a month through weeks and days down to memories', async () => {
    const response = await ask(group, {
      query: 'chess gambit tournament',
      k: 1,
      levels: ['month'],
      minScore: 0,
    });
    const [month] = response.items;
    expect(month?.level).toBe('month');
    expect(month?.details[0]?.path).toHaveLength(4);
    expect(month?.details[0]?.text).toMatch(/chess|gambit|tournament/i);
  });

  it('gives the same results with and without the full-text side when no word overlaps', async () => {
    const query = 'xylophone quasar zeppelin';
    const hybrid = await ask(group, { query, k: 10, mode: 'hybrid', minScore: 0 });
    const vector = await ask(group, { query, k: 10, mode: 'vector', minScore: 0 });
    expect(hybrid.items.length).toBeGreaterThan(0);
    expect(hybrid.items.every((i) => i.scoreParts.lexical === null)).toBe(true);
    expect(hybrid.items.map((i) => [i.id, i.score])).toEqual(vector.items.map((i) => [i.id, i.score]));
  });

  it('answers nothing when the group holds nothing on the question, and says so', async () => {
    const response = await ask(group, { query: 'when did we book the flights to Lisbon?', k: 3 });
    expect(response.items).toEqual([]);
    expect(response.abstained).toBe(true);
    // A real match scores the same whatever else is found: its relevance is not relative to the best hit.
    const alone = await ask(group, { query: 'queens gambit', k: 1, levels: ['memory'] });
    const among = await ask(group, { query: 'queens gambit', k: 20 });
    const id = alone.items[0]?.id;
    expect(alone.items[0]?.score).toBeGreaterThan(0.9);
    expect(among.items.find((i) => i.id === id)?.score).toBe(alone.items[0]?.score);
  });

  it('finds its own hits of a word that another group uses hundreds of times more', async () => {
    // Short texts score higher in BM25, so without the group kept inside the full-text query these 700 would take
    // every place in the term's hit limit.
    const crowd = testGroupId('recall-crowd');
    try {
      await strata.services.ingest(
        crowd,
        Array.from({ length: 700 }, (_, i) => ({
          text: `kiln ${i}`,
          speaker: 'dee',
          ts: new Date(Date.UTC(2024, 2, 1, 0, i)).toISOString(),
        })),
      );
      await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
      const response = await ask(group, { query: 'kiln', k: 30, levels: ['memory'], minScore: 0 });
      // Three of the four pottery lines name the kiln, on each of five days.
      expect(response.items.filter((i) => /kiln/i.test(i.text))).toHaveLength(15);
    } finally {
      await deleteGroup(strata.graph, crowd);
    }
  });

  it("answers a question about its asker from the asker's turn, over the assistant's reply that repeats its words", async () => {
    const chat = testGroupId('recall-assistant');
    const at = (day: number, minute: number) => new Date(Date.UTC(2024, 2, day, 9, minute)).toISOString();
    const first = async (query: string) =>
      (await ask(chat, { query, k: 2, levels: ['memory'], minScore: 0 })).items.map((i) => i.speaker);
    try {
      await strata.services.ingest(chat, [
        {
          text: 'I repotted the snake plant I got from my sister.',
          speaker: 'user',
          ts: at(1, 0),
          sessionId: 'a',
        },
        {
          text: 'A snake plant from your sister is a lovely gift! A snake plant needs little water, and repotting a snake plant once a year is plenty.',
          speaker: 'assistant',
          ts: at(1, 1),
          sessionId: 'a',
        },
        {
          text: 'Can you suggest a bread recipe for a beginner?',
          speaker: 'user',
          ts: at(2, 0),
          sessionId: 'b',
        },
        {
          text: 'Start with a no-knead loaf: flour, water, salt and yeast.',
          speaker: 'assistant',
          ts: at(2, 1),
          sessionId: 'b',
        },
      ]);
      await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
      // The search reads each hit's speaker and session, which the ranking weighs.
      const { hits } = await new RecallRepository(strata.graph).lexicalSearch(
        { groupId: chat, from: null, to: null, asOf: null },
        ['memory'],
        queryTerms('snake plant').map(askedWord),
        { candidates: 10, perTerm: 500, period: null, contextCandidates: 2, gapMinutes: 30 },
      );
      expect(hits.map((h) => [h.speaker, h.sessionId]).sort()).toEqual([
        ['assistant', 'a'],
        ['user', 'a'],
      ]);
      // The reply holds the words more often: asked of no one, it ranks first.
      expect(await first('snake plant sister')).toEqual(['assistant', 'user']);
      expect(await first('Which snake plant did I get from my sister?')).toEqual(['user', 'assistant']);
      expect(await first('Which snake plant did you suggest for my sister?')).toEqual(['assistant', 'user']);
    } finally {
      await deleteGroup(strata.graph, chat);
    }
  });

  it("finds what the group wrote since its last recall, whose words' best scores recall keeps a minute", async () => {
    const fresh = testGroupId('recall-fresh');
    const at = (minute: number) => new Date(Date.UTC(2024, 2, 1, 9, minute)).toISOString();
    // The texts full text found (with nothing there, the nearest vectors answer a caller who asks for minScore 0).
    const texts = async (query: string) =>
      (await ask(fresh, { query, k: 5, levels: ['memory'], minScore: 0 })).items
        .filter((i) => i.scoreParts.lexical !== null)
        .map((i) => i.text);
    try {
      await strata.services.ingest(fresh, [
        {
          text: 'The ferry to the island leaves at noon from pier four, so be early',
          speaker: 'ana',
          ts: at(0),
        },
        { text: 'We still have to pick a hotel near the old town square', speaker: 'ben', ts: at(1) },
      ]);
      await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
      expect(await texts('ferry')).toEqual([expect.stringMatching(/^The ferry/)]);
      expect(await texts('Lisbon')).toEqual([]);
      // A word the group did not hold is looked for again; a text that scores over the best kept still ranks first.
      await strata.services.ingest(fresh, [
        { text: 'Lisbon it is', speaker: 'cai', ts: at(5) },
        { text: 'ferry booked', speaker: 'cai', ts: at(6) },
      ]);
      await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
      expect(await texts('Lisbon')).toEqual(['Lisbon it is']);
      expect(await texts('ferry')).toEqual(['ferry booked', expect.stringMatching(/^The ferry/)]);
    } finally {
      await deleteGroup(strata.graph, fresh);
    }
  });

  it("reads the context's sources newest first: months, weeks, days and turns, as many as asked for", async () => {
    const sources = await new RecallRepository(strata.graph).contextSources(group, {
      months: 1,
      weeks: 2,
      days: 3,
      turns: 5,
    });
    const latest = async (level: 'month' | 'week' | 'day', count: number) =>
      (await strata.services.listSummaries(group, { level, limit: 100 }))
        .map((s) => s.periodStart)
        .sort()
        .reverse()
        .slice(0, count);
    expect(sources.months.map((s) => s.periodStart)).toEqual(await latest('month', 1));
    expect(sources.weeks.map((s) => s.periodStart)).toEqual(await latest('week', 2));
    expect(sources.days.map((s) => s.periodStart)).toEqual(await latest('day', 3));
    // Enough of each level that "latest" means something.
    expect((await latest('day', 100)).length).toBeGreaterThan(3);
    expect((await latest('week', 100)).length).toBeGreaterThan(2);
    const turns = sources.turns.map((t) => Date.parse(t.ts));
    expect(turns).toHaveLength(5);
    expect([...turns].sort((a, b) => b - a)).toEqual(turns);
    expect(sources.timezone).toBe('UTC');
  });

  it('builds a context block that grows with its budget, counted in o200k tokens, and never passes it', async () => {
    const counter = await loadTokenCounter('o200k_base');
    let previous = 0;
    for (const budgetTokens of [200, 800, 3000]) {
      const context = await strata.services.context(group, { budgetTokens, query: 'regatta' });
      expect(context.tokens).toBeLessThanOrEqual(budgetTokens);
      expect(context.tokens).toBe(counter.count(context.text));
      expect(context.tokens).toBeGreaterThan(previous);
      previous = context.tokens;
      expect(context.text.startsWith(`${CONTEXT_TITLES.relevant}\n`)).toBe(true);
      expect(context.text).toMatch(/regatta/i);
      // Every turn under a date heading, naming its speaker; no line said twice.
      const lines = context.text.split('\n').filter((l) => l.startsWith('- '));
      expect(new Set(lines).size).toBe(lines.length);
      const relevant = context.text.split('\n\n')[0]?.split('\n').slice(1) ?? [];
      expect(relevant[0]).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
      for (const l of relevant.filter((r) => r.startsWith('- '))) expect(l).toMatch(/^- \S[^:]*: \S/);
    }
    // Without a query, and a budget larger than the group: the frame and every turn it holds, nothing cut.
    const plain = await strata.services.context(group, { budgetTokens: 100_000 });
    expect(plain.text).not.toContain(CONTEXT_TITLES.relevant);
    expect(plain.text).toContain(CONTEXT_TITLES.era);
    expect(plain.truncated).toBe(false);
    for (const { text } of weekMemories()) expect(plain.text).toContain(text);
  });

  it('asked at a moment in the past, sees only what had happened by then and reads "last week" against it', async () => {
    // Wednesday 13 March at noon: the regatta week is over, the pottery week half through, the chess week to come.
    const asOf = '2024-03-13T12:00:00Z';
    const response = await ask(group, { query: 'chess regatta kiln', k: 30, asOf, minScore: 0 });
    expect(response.items.length).toBeGreaterThan(0);
    for (const item of response.items) {
      if (item.ts) expect(item.ts <= asOf).toBe(true);
      if (item.periodEnd) expect(new Date(item.periodEnd) <= new Date(asOf)).toBe(true);
      for (const detail of item.details) expect(detail.ts <= asOf).toBe(true);
      expect(item.text).not.toMatch(/chess/i);
    }
    // Asked on Wednesday 20 March, "last week" is the pottery week (widened by a day on each side). Every turn
    // holds "day" alike: those of that week lead, and nothing said after the moment asked comes back.
    const dated = await ask(group, {
      query: 'what happened on day 3 last week',
      k: 5,
      levels: ['memory'],
      asOf: '2024-03-20T10:00:00Z',
      minScore: 0,
    });
    expect(dated.items).toHaveLength(5);
    for (const item of dated.items)
      expect(item.ts && item.ts >= '2024-03-10' && item.ts < '2024-03-19').toBe(true);
    const undated = await ask(group, {
      query: 'what happened on day 3',
      k: 5,
      levels: ['memory'],
      minScore: 0,
    });
    expect(undated.items.map((i) => i.id)).not.toEqual(dated.items.map((i) => i.id));
    // The context block asked then holds no turn said later.
    const context = await strata.services.context(group, { budgetTokens: 100_000, asOf });
    expect(context.text).toMatch(/kiln/i);
    expect(context.text).not.toMatch(/chess/i);
  });
});
