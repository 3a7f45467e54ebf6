import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedder, createHashingEmbedder, type Embedder } from '../../src/ai/embeddings/index.js';
import { loadConfig } from '../../src/config.js';
import type { ReembedReport } from '../../src/domain/reembed.js';
import { EmbedderError } from '../../src/errors.js';
import type { ReembedStore, SummaryVectors } from '../../src/graph/reembed.js';
import type { EmbedderRecord } from '../../src/graph/schema.js';
import { VECTOR_SLOTS, type VectorSlot } from '../../src/graph/vector-slots.js';
import {
  dropPreviousVectors,
  type ReembedDeps,
  type ReembedOptions,
  ReembedRunner,
  reembed,
} from '../../src/jobs/reembed.js';
import { createLogger } from '../../src/log.js';
import { type EmbeddingAnswer, FakeEmbeddings } from '../support/fake-embeddings.js';

/** Nodes with their vectors per property, as the graph keeps them. */
interface FakeNode {
  id: string;
  groupId: string;
  text: string;
  vectors: Record<string, number[]>;
}

/** An in-memory ReembedStore and schema record: what jobs/reembed.ts reads and writes, and nothing else. */
function fakeDatabase(options: { embedder: string; memories: number; slot?: VectorSlot }) {
  const memories: (FakeNode & { speaker: string })[] = [];
  for (let i = 0; i < options.memories; i++) {
    const groupId = i % 2 === 0 ? 'g1' : 'g2';
    memories.push({
      id: `m${String(i).padStart(3, '0')}`,
      groupId,
      speaker: 'ana',
      text: `turn ${i}`,
      vectors: { embedding: [1] },
    });
  }
  const summaries = [
    { id: 's-day', groupId: 'g1', text: 'a day', level: 'day', version: 1, children: ['turn 0', 'turn 2'] },
    { id: 's-session', groupId: 'g1', text: 'a session', level: 'session', version: 1, children: [] },
  ].map((s) => ({ ...s, vectors: { embedding: [1], contentEmbedding: [1] } as Record<string, number[]> }));
  const eras = [
    {
      id: 'e1',
      groupId: 'g1',
      text: 'an era',
      theme: 'turns',
      version: 1,
      vectors: {} as Record<string, number[]>,
      periods: ['s-day'],
    },
  ];
  const record: EmbedderRecord = {
    embedder: options.embedder,
    dimension: 8,
    slot: options.slot ?? VECTOR_SLOTS.a,
    reembed: null,
    nodes: memories.length + summaries.length + eras.length,
  };
  const log = {
    indexesCreated: [] as string[],
    indexesDropped: [] as string[],
    cleared: [] as string[],
    writes: 0,
  };
  const lacks = (n: { vectors: Record<string, number[]> }, key: string) => n.vectors[key] === undefined;
  const summaryPending = (s: (typeof summaries)[number], t: VectorSlot) =>
    lacks(s, t.vectorKey) || (s.level !== 'session' && lacks(s, t.contentVectorKey));

  const store: ReembedStore = {
    groups: async () => ['g1', 'g2'],
    pending: async (t, everything) => ({
      memories: memories.filter((m) => everything || lacks(m, t.vectorKey)).length,
      summaries: summaries.filter((s) => everything || summaryPending(s, t)).length,
      eras: eras.filter((e) => everything || lacks(e, t.vectorKey)).length,
    }),
    memoriesAfter: async (groupId, after, limit, t) =>
      memories
        .filter((m) => m.groupId === groupId && m.id > after && lacks(m, t.vectorKey))
        .slice(0, limit)
        .map(({ id, speaker, text }) => ({ id, speaker, text })),
    writeMemoryVectors: async (_groupId, rows, t) => {
      log.writes++;
      for (const row of rows) {
        const m = memories.find((x) => x.id === row.id);
        if (m) m.vectors[t.vectorKey] = row.vector;
      }
      return rows.length;
    },
    summariesAfter: async (groupId, after, limit, t) =>
      summaries
        .filter((s) => s.groupId === groupId && s.id > after && summaryPending(s, t))
        .slice(0, limit)
        .map((s) => ({
          id: s.id,
          version: s.version,
          text: s.text,
          needsVector: lacks(s, t.vectorKey),
          childTexts: s.level !== 'session' && lacks(s, t.contentVectorKey) ? s.children : null,
        })),
    writeSummaryVectors: async (rows: SummaryVectors[], t) => {
      for (const row of rows) {
        const s = summaries.find((x) => x.id === row.id);
        if (!s || s.version !== row.version) continue;
        if (row.vector) s.vectors[t.vectorKey] = row.vector;
        if (row.contentVector) s.vectors[t.contentVectorKey] = row.contentVector;
      }
      return rows.length;
    },
    eras: async (groupId, t) =>
      eras
        .filter((e) => e.groupId === groupId && lacks(e, t.vectorKey))
        .map((e) => ({
          id: e.id,
          version: e.version,
          theme: e.theme,
          text: e.text,
          periodVectors: e.periods.flatMap((p) => {
            const v = summaries.find((s) => s.id === p)?.vectors[t.contentVectorKey];
            return v ? [v] : [];
          }),
        })),
    writeEraVectors: async (rows, t) => {
      for (const row of rows) {
        const e = eras.find((x) => x.id === row.id);
        if (e) e.vectors[t.vectorKey] = row.vector;
      }
      return rows.length;
    },
    begin: async (e) => {
      record.reembed = { embedder: e.name, dimension: e.dimension, semantic: e.semantic };
    },
    finish: async (e, slot) => {
      Object.assign(record, { embedder: e.name, dimension: e.dimension, slot, reembed: null });
    },
    clearSlot: async (slot) => {
      log.cleared.push(slot.name);
      let cleared = 0;
      for (const n of [...memories, ...summaries, ...eras]) {
        if (n.vectors[slot.vectorKey] || n.vectors[slot.contentVectorKey]) cleared++;
        delete n.vectors[slot.vectorKey];
        delete n.vectors[slot.contentVectorKey];
      }
      return cleared;
    },
  };
  let current = record.slot;
  const deps = (embedder: Embedder): ReembedDeps => ({
    store,
    embedder,
    log: createLogger('silent'),
    schema: {
      record: async () => ({ ...record }),
      createIndexes: async (slot) => {
        log.indexesCreated.push(slot.name);
      },
      dropIndexes: async (slot) => {
        log.indexesDropped.push(slot.name);
      },
      awaitIndexes: async () => undefined,
      useSlot: (slot) => {
        current = slot;
      },
    },
  });
  return { memories, summaries, eras, record, log, deps, slotInUse: () => current.name };
}

describe('reembed', () => {
  const embedder = createHashingEmbedder(16);

  it('fills the other slot in pages with the texts the cycle embeds, builds its indexes, then switches', async () => {
    const db = fakeDatabase({ embedder: 'hashing-8', memories: 5 });
    const seen: [number, number][] = [];
    const report = await reembed(db.deps(embedder), {
      pageSize: 2,
      onProgress: (done, total) => seen.push([done, total]),
    });
    expect(report).toMatchObject({
      mode: 'switch',
      from: 'hashing-8',
      to: 'hashing-16',
      slot: 'b',
      resumed: false,
      switched: true,
      stopped: false,
      embedded: { memories: 5, summaries: 2, eras: 1 },
    });
    expect(db.log).toMatchObject({ indexesDropped: ['b'], cleared: ['b'], indexesCreated: ['b'] });
    expect(db.record).toMatchObject({ embedder: 'hashing-16', dimension: 16, reembed: null });
    expect(db.slotInUse()).toBe('b');
    // g1's three memories in two pages, g2's two in one: a write per page, none larger than the page.
    expect(db.log.writes).toBe(3);
    for (const m of db.memories) {
      expect(m.vectors.embeddingB).toEqual(await embedder.embeddings.embedQuery(m.text));
      expect(m.vectors.embedding).toEqual([1]);
    }
    const [day, session] = db.summaries;
    expect(day?.vectors.contentEmbeddingB).toEqual(await embedder.embeddings.embedQuery('turn 0\nturn 2'));
    expect(session?.vectors.contentEmbeddingB).toBeUndefined();
    // The era's vector is the mean of its periods' new content vectors (one period: that vector, normalised).
    const content = day?.vectors.contentEmbeddingB as number[];
    const norm = Math.hypot(...content);
    expect(db.eras[0]?.vectors.embeddingB?.map((x) => x.toFixed(6))).toEqual(
      content.map((x) => (x / norm).toFixed(6)),
    );
    expect(seen.at(0)).toEqual([0, 8]);
    expect(seen.at(-1)).toEqual([8, 8]);
  });

  it('stops between pages when asked, and the next run carries on without doing anything twice', async () => {
    const db = fakeDatabase({ embedder: 'hashing-8', memories: 6 });
    const stop = new AbortController();
    const first = await reembed(db.deps(embedder), {
      pageSize: 2,
      signal: stop.signal,
      onProgress: (done) => {
        if (done >= 2) stop.abort();
      },
    });
    expect(first).toMatchObject({ stopped: true, switched: false, embedded: { memories: 2 } });
    expect(db.record.reembed).toEqual({ embedder: 'hashing-16', dimension: 16, semantic: false });
    expect(db.record.embedder).toBe('hashing-8');

    const second = await reembed(db.deps(embedder), { pageSize: 2 });
    expect(second).toMatchObject({
      resumed: true,
      switched: true,
      embedded: { memories: 4, summaries: 2, eras: 1 },
    });
    // Resumed: the slot was not cleared again.
    expect(db.log.cleared).toEqual(['b']);
    expect(db.memories.every((m) => m.vectors.embeddingB?.length === 16)).toBe(true);
  });

  it("with the database's own embedder fills in what its slot lacks and switches nothing", async () => {
    const db = fakeDatabase({ embedder: 'hashing-16', memories: 3 });
    for (const m of db.memories) m.vectors.embedding = [0];
    delete db.memories[1]?.vectors.embedding;
    for (const s of db.summaries) s.vectors = { embedding: [0], contentEmbedding: [0] };
    for (const e of db.eras) e.vectors = { embedding: [0] };
    const report = await reembed(db.deps(embedder));
    expect(report).toMatchObject({
      mode: 'fill',
      slot: 'a',
      switched: false,
      embedded: { memories: 1, summaries: 0, eras: 0 },
    });
    expect(db.log).toMatchObject({ cleared: [], indexesCreated: [], indexesDropped: [] });
    expect(db.memories[1]?.vectors.embedding).toHaveLength(16);
  });

  it('refuses vectors of another size than the embedder is configured for, writing none of them', async () => {
    const db = fakeDatabase({ embedder: 'hashing-8', memories: 2 });
    const wrong: Embedder = { ...embedder, dimension: 12 };
    await expect(reembed(db.deps(wrong))).rejects.toThrow(EmbedderError);
    await expect(reembed(db.deps(wrong))).rejects.toThrow(/vector of 16 numbers; it is configured for 12/);
    expect(db.memories.some((m) => m.vectors.embeddingB)).toBe(false);
    expect(db.record.embedder).toBe('hashing-8');
  });

  it('estimates in a dry run and writes nothing', async () => {
    const db = fakeDatabase({ embedder: 'hashing-8', memories: 5 });
    const report = await reembed(db.deps(embedder), { dryRun: true, pageSize: 2 });
    expect(report.estimate).toMatchObject({ pending: { memories: 5, summaries: 2, eras: 1 }, texts: 9 });
    // Pages: 3 of memories and 1 of summaries, each one call of the local embedder's parts, and one per era.
    expect(report.estimate?.calls).toBe(5);
    expect(report.estimate?.embedSeconds).toBeGreaterThanOrEqual(0);
    expect(db.record.reembed).toBeNull();
    expect(db.log).toMatchObject({ cleared: [], indexesCreated: [], indexesDropped: [], writes: 0 });
  });

  it('drops the slot a switch left behind, and refuses while a re-embedding is under way', async () => {
    const db = fakeDatabase({ embedder: 'hashing-8', memories: 2 });
    await reembed(db.deps(embedder));
    // Two memories and two summaries held slot a's vectors (the era had none).
    expect(await dropPreviousVectors(db.deps(embedder))).toEqual({ slot: 'a', cleared: 4 });
    expect(db.memories.every((m) => m.vectors.embedding === undefined && m.vectors.embeddingB)).toBe(true);

    db.record.reembed = { embedder: 'other', dimension: 4, semantic: true };
    await expect(dropPreviousVectors(db.deps(embedder))).rejects.toThrow(
      /re-embedding to other is under way/,
    );
  });
});

describe('reembed through an OpenAI-compatible server (a fake one on loopback)', () => {
  let server: FakeEmbeddings | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  async function remote(script: EmbeddingAnswer[]): Promise<Embedder> {
    server = new FakeEmbeddings(8, script);
    const url = await server.start();
    return createEmbedder(
      loadConfig({
        EMBEDDER: 'openai',
        OPENAI_BASE_URL: url,
        EMBEDDING_DIMENSION: '8',
        OPENAI_MAX_RETRIES: '0',
      }),
    );
  }

  it('sends a page in one call, and a wrong-size answer stops the run with nothing of its page written', async () => {
    const db = fakeDatabase({ embedder: 'hashing-8', memories: 5 });
    // g1's three memories, then g1's summaries (the day's vector and content, the session's vector), then g2's two.
    const failing = await remote(['ok', 'wrong-size']);
    await expect(reembed(db.deps(failing), { pageSize: 3 })).rejects.toThrow(/vector of 7 numbers/);
    expect(server?.requests).toEqual([3, 3]);
    expect(db.memories.filter((m) => m.vectors.embeddingB).map((m) => m.id)).toEqual([
      'm000',
      'm002',
      'm004',
    ]);
    expect(db.summaries.some((s) => s.vectors.embeddingB)).toBe(false);
    expect(db.record.reembed?.embedder).toBe('openai:text-embedding-3-small');
    await server?.stop();

    const recovered = await remote(['ok']);
    const report = await reembed(db.deps(recovered), { pageSize: 3 });
    expect(report).toMatchObject({
      resumed: true,
      switched: true,
      embedded: { memories: 2, summaries: 2, eras: 1 },
    });
    expect(server?.requests).toEqual([3, 2]);
    // The fake server's first number is the text's length: every memory was embedded as it is said.
    expect(db.memories.map((m) => m.vectors.embeddingB?.[0])).toEqual(
      db.memories.map((m) => `ana: ${m.text}`.length),
    );
  });
});

describe('ReembedRunner', () => {
  const now = () => new Date('2024-05-01T10:00:00Z');

  it('runs one re-embedding at a time in the background, with its progress, then its report', async () => {
    let finish: (report: ReembedReport) => void = () => undefined;
    let asked: ReembedOptions | undefined;
    const runner = new ReembedRunner(
      (options) => {
        asked = options;
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
      createLogger('silent'),
      now,
    );
    expect(runner.latest()).toBeNull();
    expect(runner.start(500)).toMatchObject({
      state: 'running',
      startedAt: '2024-05-01T10:00:00.000Z',
      done: 0,
    });
    expect(asked?.pageSize).toBe(500);
    expect(() => runner.start(500)).toThrow(/started at 2024-05-01T10:00:00.000Z is still running/);
    asked?.onProgress?.(3, 10);
    expect(runner.latest()).toMatchObject({ state: 'running', done: 3, total: 10 });
    const report = { mode: 'fill', switched: false } as ReembedReport;
    finish(report);
    await new Promise((r) => setImmediate(r));
    expect(runner.latest()).toMatchObject({
      state: 'succeeded',
      report,
      finishedAt: '2024-05-01T10:00:00.000Z',
    });
  });

  it('keeps the error of a run that failed, and lets the next one start', async () => {
    const runner = new ReembedRunner(
      async () => Promise.reject(new Error('Neo4j is unavailable')),
      createLogger('silent'),
      now,
    );
    runner.start(1000);
    await new Promise((r) => setImmediate(r));
    expect(runner.latest()).toMatchObject({ state: 'failed', error: 'Neo4j is unavailable', report: null });
    expect(runner.start(1000).state).toBe('running');
  });
});
