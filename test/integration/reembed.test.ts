import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDemo } from '../../seed/generator.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { recallRequestSchema } from '../../src/domain/recall.js';
import { listStrataIndexes, readEmbedderRecord } from '../../src/graph/schema.js';
import type { Strata } from '../../src/strata.js';
import {
  deleteGroup,
  describeNeo4j,
  eventually,
  openTestStrata,
  TEST_DIMENSION,
  testGroupId,
} from './neo4j.js';

/**
 * `strata reembed` against Neo4j: a database of two cycled groups moved from the test embedder (hashing-384, slot a)
 * to another (hashing-256, slot b) while a Strata configured as before keeps answering, stopped half-way and carried
 * on, checked, filled in after the switch, its old vectors dropped; then moved back, so later suites find the
 * database as they expect.
 */
describeNeo4j('re-embedding against Neo4j', () => {
  const OTHER = { EMBEDDING_DIMENSION: '256' };
  const groups = [testGroupId('reembed-a'), testGroupId('reembed-b')];
  let old: Strata;
  let next: Strata | undefined;

  const ask = (strata: Strata, groupId: string, query: string) =>
    strata.services.recall(groupId, recallRequestSchema.parse({ query, k: 5, minScore: 0 }));

  beforeAll(async () => {
    old = await openTestStrata({ PRUNE_ENABLED: 'false' });
    const demo = generateDemo({ seed: 3, groups: 2, months: 2, messagesPerDay: 12, start: '2024-01-01' });
    for (const [i, g] of demo.entries()) {
      const memories: MemoryInput[] = g.memories.map(({ id: _id, ...m }) => m);
      const groupId = groups[i] as string;
      for (let j = 0; j < memories.length; j += 1000)
        await old.services.ingest(groupId, memories.slice(j, j + 1000));
      const report = await old.cycle(groupId, { now: new Date('2024-03-05T00:00:00Z') });
      if (report.status !== 'succeeded') throw new Error(`cycle failed: ${JSON.stringify(report.errors)}`);
    }
  }, 120_000);

  afterAll(async () => {
    // Whatever happened above, the database goes back to the test embedder in slot a, with nothing else left.
    const back = await openTestStrata().catch(() => null);
    const restorer = back ?? (await (await import('../../src/strata.js')).createStrata(old.config, old.log));
    const record = await readEmbedderRecord(restorer.graph);
    if (record.embedder !== `hashing-${TEST_DIMENSION}` || record.reembed) await restorer.reembed();
    await restorer.dropPreviousVectors().catch(() => undefined);
    for (const g of groups) await deleteGroup(restorer.graph, g);
    await restorer.close();
    await next?.close();
    await old.close();
  }, 120_000);

  it('moves every vector to the new embedder beside the old ones, recall answering all along, and carries on after a stop', async () => {
    const [a, b] = groups as [string, string];
    const before = await ask(old, a, 'garden tomatoes');
    expect(before.items.length).toBeGreaterThan(0);

    next = await (await import('../../src/strata.js')).createStrata(
      { ...old.config, embedder: { ...old.config.embedder, dimension: 256 } },
      old.log,
    );
    expect(next.embedder.name).toBe('hashing-256');

    // A dry run counts and writes nothing.
    const dry = await next.reembed({ dryRun: true });
    expect(dry.estimate?.pending.memories).toBeGreaterThan(500);
    expect(dry.estimate?.calls).toBeGreaterThan(0);
    expect((await readEmbedderRecord(old.graph)).reembed).toBeNull();

    // Stopped after a few pages; recall through the old configuration answers between them.
    const stop = new AbortController();
    const answered: Promise<unknown>[] = [];
    const stopped = await next.reembed({
      pageSize: 100,
      signal: stop.signal,
      onProgress: (done) => {
        answered.push(ask(old, a, 'garden tomatoes'));
        if (done >= 300) stop.abort();
      },
    });
    expect(stopped).toMatchObject({
      mode: 'switch',
      stopped: true,
      switched: false,
      resumed: false,
      slot: 'b',
    });
    for (const r of await Promise.all(answered)) expect(r).toMatchObject({ items: expect.any(Array) });
    // Meanwhile a Strata started with the new embedder is told to let the run finish.
    await expect(openTestStrata(OTHER)).rejects.toThrow(
      /re-embedding to hashing-256 is under way or was stopped/,
    );
    expect((await ask(old, a, 'garden tomatoes')).items).toEqual(before.items);

    const carried = await next.reembed({ pageSize: 100 });
    expect(carried).toMatchObject({ mode: 'switch', resumed: true, switched: true, stopped: false });
    expect(carried.embedded.memories + stopped.embedded.memories).toBe(dry.estimate?.pending.memories);
    const record = await readEmbedderRecord(old.graph);
    expect(record).toMatchObject({ embedder: 'hashing-256', dimension: 256, reembed: null });
    expect(record.slot.name).toBe('b');
    const indexes = await listStrataIndexes(old.graph);
    expect(indexes.filter((i) => i.name.endsWith('_b')).map((i) => [i.name, i.dimensions])).toEqual([
      ['era_embedding_b', 256],
      ['summary_embedding_b', 256],
    ]);

    // The new configuration starts, recalls and verifies clean; the old one still answers from its vectors.
    const started = await openTestStrata(OTHER);
    try {
      expect((await ask(started, a, 'garden tomatoes')).items.length).toBeGreaterThan(0);
      for (const g of [a, b])
        expect((await started.services.verify(g)).checks.filter((c) => !c.ok)).toEqual([]);
      expect((await ask(old, a, 'garden tomatoes')).items.map((h) => h.id)).toEqual(
        before.items.map((h) => h.id),
      );
      await expect(openTestStrata()).rejects.toThrow(/come from the embedder hashing-256.*strata reembed/s);

      // A memory the old configuration takes after the switch lacks its new vector until a run fills it in.
      await old.services.ingest(b, [
        { text: 'Late note on the fence posts.', speaker: 'ana', ts: '2024-03-04T10:00:00Z' },
      ]);
      const vectors = (await started.services.verify(b)).checks.find((c) => c.check === 'vectors');
      expect(vectors?.ok).toBe(false);
      // Through the API's operation this time: started in the background, then polled.
      const status = await started.services.startReembed({ pageSize: 1000 });
      expect(status).toMatchObject({
        database: { embedder: 'hashing-256', dimension: 256, slot: 'b', reembedTo: null },
        configured: { embedder: 'hashing-256', dimension: 256 },
        job: { state: 'running' },
      });
      await expect(started.services.startReembed({ pageSize: 1000 })).rejects.toThrow(/still running/);
      const job = await eventually(async () => {
        const latest = (await started.services.reembedStatus()).job;
        if (latest?.state === 'running') throw new Error('still running');
        return latest;
      });
      expect(job).toMatchObject({ state: 'succeeded', error: null, done: 1, total: 1 });
      expect(job?.report).toMatchObject({
        mode: 'fill',
        switched: false,
        embedded: { memories: 1, summaries: 0, eras: 0 },
      });
      expect((await started.services.verify(b)).checks.filter((c) => !c.ok)).toEqual([]);

      // Once no old Strata answers, the old vectors go.
      const dropped = await started.dropPreviousVectors();
      expect(dropped.slot).toBe('a');
      expect(dropped.cleared).toBeGreaterThan(500);
      expect((await listStrataIndexes(old.graph)).filter((i) => i.name === 'summary_embedding')).toEqual([]);
      expect((await ask(started, b, 'fence posts')).items.length).toBeGreaterThan(0);
    } finally {
      await started.close();
    }
  }, 180_000);
});
