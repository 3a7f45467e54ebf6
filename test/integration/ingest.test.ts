import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryTerms } from '../../src/domain/lucene.js';
import { type MemoryRecord, toMemoryRecord } from '../../src/domain/memory.js';
import { askedWord } from '../../src/domain/term-keys.js';
import { cypher } from '../../src/graph/cypher.js';
import { toEmbeddingParam } from '../../src/graph/embedding-param.js';
import { MemoryRepository } from '../../src/graph/memories.js';
import { RecallRepository } from '../../src/graph/recall.js';
import { applySchema, awaitIndexes, listStrataIndexes, schemaReady } from '../../src/graph/schema.js';
import type { Strata } from '../../src/strata.js';
import { testApp } from '../support/test-app.js';
import {
  backlogSince,
  deleteGroup,
  describeNeo4j,
  eventually,
  openTestStrata,
  TEST_DIMENSION,
  testGroupId,
} from './neo4j.js';

interface InspectedMemory {
  id: string;
  groupId: string;
  text: string;
  speaker: string;
  ts: string;
  tsType: string;
  sessionId: string | null;
  meta: string | null;
  sessionPending: boolean;
  dayPending: boolean;
  embeddingType: string;
  embeddingSize: number;
}

describeNeo4j('ingest against Neo4j', () => {
  let strata: Strata;
  const groups: string[] = [];
  const group = (label: string) => {
    const id = testGroupId(label);
    groups.push(id);
    return id;
  };
  const inspect = (groupId: string, ids: string[]) =>
    strata.graph.read<InspectedMemory>('inspect/memories', { groupId, ids });
  const counts = async (groupId: string) =>
    Object.fromEntries(
      (await strata.graph.read<{ kind: string; count: number }>('inspect/group-counts', { groupId })).map(
        (r) => [r.kind, r.count],
      ),
    );

  beforeAll(async () => {
    strata = await openTestStrata();
  });

  afterAll(async () => {
    for (const g of groups) await deleteGroup(strata.graph, g);
    await strata?.close();
  });

  const hashing = { name: `hashing-${TEST_DIMENSION}`, dimension: TEST_DIMENSION, semantic: false };

  it('applies the schema twice without error and every index comes ONLINE', async () => {
    await applySchema(strata.graph, hashing);
    await applySchema(strata.graph, hashing);
    const state = await eventually(async () => {
      const s = await schemaReady(strata.graph, hashing);
      if (!s.ready)
        throw new Error(
          `schema not ready: missing ${s.missing.join(', ')}; not online ${s.notOnline.join(', ')}`,
        );
      return s;
    }, 60_000);
    expect(state.missing).toEqual([]);
  });

  it('builds every vector index without quantization, rebuilding one that quantizes', async () => {
    await strata.graph.autoCommit(cypher('schema/drop-index'), { name: 'era_embedding' });
    await strata.graph.autoCommit(
      readFileSync(new URL('../fixtures/quantized-era-index.cypher', import.meta.url), 'utf8'),
      {
        dimension: TEST_DIMENSION,
      },
    );
    await applySchema(strata.graph, hashing);
    const vectors = (await listStrataIndexes(strata.graph)).filter((i) => i.type === 'VECTOR');
    expect(vectors.map((i) => [i.name, i.quantized])).toEqual([
      ['era_embedding', false],
      ['summary_embedding', false],
    ]);
  });

  it('gives memories a vector index only under an embedder whose vectors carry meaning', async () => {
    const g = group('memory-index');
    await strata.services.ingest(g, [
      { id: 'v-1', text: 'the lake cabin', speaker: 'ana', ts: '2024-05-02T09:30:00Z' },
    ]);
    const memoryIndex = async () =>
      (await listStrataIndexes(strata.graph)).find((i) => i.name === 'memory_embedding') ?? null;
    try {
      const semantic = { ...hashing, semantic: true };
      await applySchema(strata.graph, semantic);
      expect(await memoryIndex()).toMatchObject({ type: 'VECTOR', quantized: false });
      // Built from the vectors already stored: nothing is embedded again.
      await awaitIndexes(strata.graph);
      const [nearest] = await new RecallRepository(strata.graph).vectorMemories(
        { groupId: g, from: null, to: null, asOf: null },
        await strata.embedder.embeddings.embedQuery('the lake cabin'),
        100,
        1,
      );
      expect(nearest).toMatchObject({ id: 'v-1', level: 'memory' });
      expect(nearest?.score).toBeGreaterThan(0.99);
      // Ready means the memories' index too, once it is online.
      expect((await schemaReady(strata.graph, semantic)).missing).toEqual([]);
      expect((await schemaReady(strata.graph, hashing)).missing).toEqual([]);
    } finally {
      await applySchema(strata.graph, hashing);
    }
    expect(await memoryIndex()).toBeNull();
    // Under the hashing embedder the schema is whole without it; the memories keep their vectors all the same.
    expect((await schemaReady(strata.graph, hashing)).missing).toEqual([]);
    expect((await schemaReady(strata.graph, { semantic: true })).missing).toEqual(['memory_embedding']);
    expect((await inspect(g, ['v-1']))[0]).toMatchObject({ embeddingSize: TEST_DIMENSION });
  });

  it('refuses to start with another embedder than the vectors come from, and names the command that re-embeds', async () => {
    await expect(
      applySchema(strata.graph, { name: 'hashing-385', dimension: TEST_DIMENSION + 1, semantic: false }),
    ).rejects.toThrow(/come from the embedder hashing-384 \(384 dimensions\).*hashing-385.*strata reembed/s);
    // The same size from another embedder is refused too: its vectors would mean something else.
    await expect(
      applySchema(strata.graph, { name: 'other-384', dimension: TEST_DIMENSION, semantic: true }),
    ).rejects.toThrow(/configured with other-384/);
  });

  it('creates memories with their properties, temporal types and vectors', async () => {
    const g = group('props');
    const result = await strata.services.ingest(g, [
      {
        id: 'p-1',
        text: 'The cabin by the lake is booked for July',
        speaker: 'ana',
        ts: '2024-05-02T09:30:00+02:00',
        sessionId: 's1',
        meta: { channel: 'trips' },
      },
      { text: 'Great, I will bring the canoe', speaker: 'ben', ts: '2024-05-02T07:31:00Z' },
    ]);
    expect(result.created).toHaveLength(2);
    expect(result.existing).toEqual([]);
    const [a, b] = await inspect(g, result.created);
    expect(a).toMatchObject({
      id: 'p-1',
      groupId: g,
      speaker: 'ana',
      sessionId: 's1',
      meta: '{"channel":"trips"}',
      sessionPending: true,
      dayPending: true,
      embeddingSize: TEST_DIMENSION,
    });
    expect(a?.ts).toBe('2024-05-02T07:30:00.000Z');
    expect(a?.tsType).toMatch(/^ZONED DATETIME/);
    expect(a?.embeddingType).toMatch(/^LIST<FLOAT/);
    expect(b?.id).toMatch(/^m_[0-9a-f]{32}$/);
    expect(b?.sessionId).toBeNull();
    // The group's term counts (graph/term-stats.ts): cabin, lake, book, juli, ana; great, i, bring, canoe, ben; and
    // the texts' summed length.
    expect(await counts(g)).toEqual({ Memory: 2, Term: 11 });
  });

  it('stores each vector as the embedder made it, whether it was sent whole or as runs of zeros', async () => {
    const g = group('vectors');
    const short = 'the lake cabin';
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const embedded = await strata.embedder.embeddings.embedDocuments([short, long]);
    // Both ways of sending are taken: a short text's hashing vector is mostly zeros, a long one's is not.
    expect(embedded.map((v) => toEmbeddingParam(v).embedding === null)).toEqual([true, false]);
    await strata.services.ingest(g, [
      { id: 'short', text: short, speaker: 'ana', ts: '2024-05-02T09:30:00Z' },
      { id: 'long', text: long, speaker: 'ana', ts: '2024-05-02T09:31:00Z' },
    ]);
    const stored = await strata.graph.read<{ id: string; embedding: number[] }>('inspect/memory-vectors', {
      groupId: g,
      ids: ['long', 'short'],
    });
    // Stored as float32: each component is the embedder's, rounded to single precision.
    expect(stored.map((r) => r.embedding)).toEqual(
      [embedded[1], embedded[0]].map((v) => v?.map((x) => Math.fround(x))),
    );
  });

  it('creates nothing when the same batch arrives again, and reports ids as existing', async () => {
    const g = group('idem');
    const batch = [
      { text: 'first', speaker: 'ana', ts: '2024-05-02T09:30:00Z' },
      { text: 'second', speaker: 'ben', ts: '2024-05-02T11:31:00+02:00' },
    ];
    const first = await strata.services.ingest(g, batch);
    const settled = await strata.services.getGroup(g);
    // The clock is the latest memory's instant, in UTC whatever offset the memory came with.
    expect(settled?.latestMemoryAt).toBe('2024-05-02T09:31:00.000Z');
    const backlog = () => backlogSince(strata.graph, g);
    expect(await backlog()).toEqual(expect.any(String));
    await strata.cycle(g, { now: new Date('2024-06-01T00:00:00Z') });
    expect(await backlog()).toBeNull();
    const second = await strata.services.ingest(g, batch);
    expect(second.created).toEqual([]);
    expect(second.existing.sort()).toEqual(first.created.sort());
    // A replay leaves the group as it was: no new data for the scheduler, no backlog, the same clock.
    const replayed = await strata.services.getGroup(g);
    expect([replayed?.lastIngestAt, replayed?.latestMemoryAt]).toEqual([
      settled?.lastIngestAt,
      settled?.latestMemoryAt,
    ]);
    expect(await backlog()).toBeNull();
    const repeated = await strata.services.ingest(g, [
      batch[0] as (typeof batch)[0],
      batch[0] as (typeof batch)[0],
    ]);
    expect(repeated.created).toEqual([]);
    expect(repeated.existing).toHaveLength(2);
    expect((await counts(g)).Memory).toBe(2);
    // A client id repeated in one batch: the first item is stored, the repeat reported as existing.
    const clientIds = await strata.services.ingest(g, [
      { id: 'twice', text: 'the first text', speaker: 'ana', ts: '2024-05-02T09:32:00Z' },
      { id: 'twice', text: 'the second text', speaker: 'ana', ts: '2024-05-02T09:33:00Z' },
    ]);
    expect(clientIds).toEqual({ created: ['twice'], existing: ['twice'] });
    expect((await inspect(g, ['twice']))[0]?.text).toBe('the first text');
  });

  it('writes a batch larger than an embedded part whole: every memory, its vector and the group clock', async () => {
    const g = group('parts');
    expect(strata.embedder.textsPerCall).toBeLessThan(600);
    const start = Date.parse('2024-05-02T09:00:00Z');
    const batch = Array.from({ length: 600 }, (_, i) => ({
      id: `part-${i}`,
      text: `message ${i} about the allotment`,
      speaker: i % 2 ? 'ana' : 'ben',
      // The latest memory sits in the first part, so that the clock must not follow the last part alone.
      ts: new Date(start + (i === 10 ? 10_000 : i) * 60_000).toISOString(),
    }));
    const result = await strata.services.ingest(g, batch);
    expect(result.created).toHaveLength(600);
    // A term count per key: the 600 numbers, message, about, allotment and the two speakers; and the summed length.
    expect(await counts(g)).toEqual({ Memory: 600, Term: 606 });
    const stored = await inspect(g, ['part-0', 'part-299', 'part-599']);
    expect(stored.map((m) => [m.id, m.embeddingSize, m.sessionPending])).toEqual([
      ['part-0', TEST_DIMENSION, true],
      ['part-299', TEST_DIMENSION, true],
      ['part-599', TEST_DIMENSION, true],
    ]);
    const [clock] = await strata.graph.read<{ latestMemoryAt: string }>('rollup/group-settings', {
      groupId: g,
    });
    expect(clock?.latestMemoryAt).toBe(new Date(start + 10_000 * 60_000).toISOString());
    expect((await strata.services.ingest(g, batch)).created).toEqual([]);
  });

  it('leaves a memory another writer stored first as it was, vector included, and says it was not created', async () => {
    const g = group('race');
    // As when two requests carry one client id and both pass the check for stored ids before either writes.
    const first = toMemoryRecord(g, {
      id: 'shared',
      text: 'the first writer',
      speaker: 'ana',
      ts: '2024-05-02T09:30:00Z',
    });
    const second = toMemoryRecord(g, {
      id: 'shared',
      text: 'the second writer',
      speaker: 'ben',
      ts: '2024-05-02T09:31:00Z',
    });
    const fresh = toMemoryRecord(g, {
      id: 'fresh',
      text: 'a new one',
      speaker: 'ben',
      ts: '2024-05-02T09:32:00Z',
    });
    const [firstVector, secondVector, freshVector] = await strata.embedder.embeddings.embedDocuments(
      [first, second, fresh].map((r) => r.text),
    );
    const repo = new MemoryRepository(strata.graph);
    const once = async function* (memories: MemoryRecord[], vectors: number[][]) {
      yield { memories, vectors };
    };
    await repo.writeBatch(g, 'UTC', once([first], [firstVector as number[]]));
    const written = await repo.writeBatch(
      g,
      'UTC',
      once([second, fresh], [secondVector as number[], freshVector as number[]]),
    );
    expect(written).toEqual([
      { id: 'shared', created: false },
      { id: 'fresh', created: true },
    ]);
    const stored = await strata.graph.read<{ id: string; embedding: number[] }>('inspect/memory-vectors', {
      groupId: g,
      ids: ['fresh', 'shared'],
    });
    // Stored as float32: each component is the embedder's, rounded to single precision.
    expect(stored.map((r) => r.embedding)).toEqual(
      [freshVector, firstVector].map((v) => v?.map((x) => Math.fround(x))),
    );
    expect((await inspect(g, ['shared']))[0]).toMatchObject({ text: 'the first writer', speaker: 'ana' });
  });

  it('writes no part of a batch when a later part fails: the parts share one transaction', async () => {
    const g = group('parts-fail');
    const records = Array.from({ length: 3 }, (_, i) =>
      toMemoryRecord(g, { text: `note ${i}`, speaker: 'ana', ts: `2024-05-02T09:3${i}:00Z` }),
    );
    const vectors = await strata.embedder.embeddings.embedDocuments(records.map((r) => r.text));
    async function* parts() {
      yield { memories: records.slice(0, 2), vectors: vectors.slice(0, 2) };
      // Past validation, which the service does first: Neo4j's datetime() refuses it.
      yield { memories: [{ ...(records[2] as MemoryRecord), ts: 'not a time' }], vectors: vectors.slice(2) };
    }
    await expect(new MemoryRepository(strata.graph).writeBatch(g, 'UTC', parts())).rejects.toThrow();
    expect(await counts(g)).toEqual({});
  });

  it('writes nothing from a batch with one bad item (HTTP 400)', async () => {
    const g = group('bad');
    const app = testApp(strata);
    const res = await request(app)
      .post(`/v1/groups/${g}/memories`)
      .send({
        memories: [
          { text: 'fine', speaker: 'ana', ts: '2024-05-02T09:30:00Z' },
          { text: 'no offset', speaker: 'ana', ts: '2024-05-02T09:30:00' },
        ],
      });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].field).toBe('body.memories.1.ts');
    expect(await counts(g)).toEqual({});
  });

  it('scopes client ids to the group: two groups store their own msg-1, and neither learns of the other', async () => {
    const a = group('ids-a');
    const b = group('ids-b');
    const app = testApp(strata);
    const send = (groupId: string, text: string) =>
      request(app)
        .post(`/v1/groups/${groupId}/memories`)
        .send({ memories: [{ id: 'msg-1', text, speaker: 'ana', ts: '2024-05-02T09:30:00Z' }] });
    const first = await send(a, 'the ferry leaves at nine');
    const second = await send(b, 'the budget is due friday');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ created: ['msg-1'], existing: [] });
    expect(JSON.stringify(second.body)).not.toContain(a);
    // Sent again, each group's msg-1 is its own existing memory.
    expect((await send(b, 'the budget is due friday')).body).toEqual({ created: [], existing: ['msg-1'] });
    expect((await inspect(a, ['msg-1']))[0]?.text).toBe('the ferry leaves at nine');
    expect((await inspect(b, ['msg-1']))[0]?.text).toBe('the budget is due friday');
    // Recall in one group never returns the other's memory.
    await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
    const found = await strata.services.recall(a, {
      query: 'budget friday ferry',
      k: 10,
      minScore: 0,
      mode: 'hybrid',
      expand: { turns: 0, down: false, perSummary: 0, sideways: 0 },
    });
    expect(found.items.map((item) => item.text)).toEqual(['the ferry leaves at nine']);
  });

  it('finds an ingested memory by its own text through its words and vector, and through full text', async () => {
    const g = group('search');
    const text = 'Quokka sightings on Rottnest island were reported by the ferry crew';
    const { created } = await strata.services.ingest(g, [
      { text, speaker: 'ana', ts: '2024-05-02T09:30:00Z' },
      {
        text: 'Unrelated talk about the quarterly budget spreadsheet',
        speaker: 'ben',
        ts: '2024-05-02T09:31:00Z',
      },
    ]);
    const scope = { groupId: g, from: null, to: null, asOf: null };
    const vector = await strata.embedder.embeddings.embedQuery(text);
    await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
    // The hashing embedder's memories have no vector index: their words find the candidates, the vectors rank them.
    const vectorHits = await new RecallRepository(strata.graph).vectorMemoriesByWords(
      scope,
      queryTerms(text),
      vector,
      100,
      5,
    );
    expect(vectorHits[0]).toMatchObject({ id: created[0], level: 'memory' });
    expect(vectorHits[0]?.score).toBeGreaterThan(0.99);

    await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
    const search = (period: { from: string; to: string } | null) =>
      new RecallRepository(strata.graph).lexicalSearch(
        scope,
        ['memory'],
        ['quokkas', 'ferry', 'ana'].map(askedWord),
        { candidates: 100, perTerm: 100, period, contextCandidates: 5, gapMinutes: 30 },
      );
    const lexical = await eventually(async () => {
      const found = await search(null);
      if (found.hits[0]?.id !== created[0])
        throw new Error(`full-text index did not return the memory yet: ${JSON.stringify(found)}`);
      return found;
    });
    // "quokkas" finds "Quokka" (the english analyzer stems both, and so do the group's counts), and the speaker is
    // searchable with the text.
    expect(lexical.terms).toEqual([
      { term: 'quokkas', memoryCount: 1, found: true },
      { term: 'ferry', memoryCount: 1, found: true },
      { term: 'ana', memoryCount: 1, found: true },
    ]);
    expect(lexical.hits.map((h) => [h.id, [...h.terms]])).toEqual([
      [created[0], ['quokkas', 'ferry', 'ana']],
    ]);
    // Without a named period no hit is in one; with one, each says whether its time falls in it.
    expect(lexical.hits[0]?.inPeriod).toBe(false);
    const inPeriod = async (from: string, to: string) => (await search({ from, to })).hits[0]?.inPeriod;
    expect(await inPeriod('2024-05-01T00:00:00.000Z', '2024-05-04T00:00:00.000Z')).toBe(true);
    expect(await inPeriod('2024-06-01T00:00:00.000Z', '2024-07-02T00:00:00.000Z')).toBe(false);
  });
});
