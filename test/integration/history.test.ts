import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDemo } from '../../seed/generator.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { parentKey, periodOf } from '../../src/domain/periods.js';
import { readLocomoFile } from '../../src/ingest/importers/locomo.js';
import { projectPath } from '../../src/project-files.js';
import type { Strata } from '../../src/strata.js';
import { testApp } from '../support/test-app.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

/**
 * Imported history is kept whole: real conversations and a two-year archive go in through the API with their old
 * dates, under the default settings (pruning on), and come out with every memory, every period and a clean verify.
 */
describeNeo4j('imported history against Neo4j (default settings)', () => {
  let strata: Strata;
  let app: ReturnType<typeof testApp>;
  const groups: string[] = [];
  const group = (label: string) => {
    const id = testGroupId(label);
    groups.push(id);
    return id;
  };
  const counts = async (groupId: string) =>
    Object.fromEntries(
      (await strata.graph.read<{ kind: string; count: number }>('inspect/group-counts', { groupId })).map(
        (r) => [r.kind, r.count],
      ),
    );
  const snapshot = (groupId: string) => strata.graph.read('inspect/summary-snapshot', { groupId });
  const post = async (groupId: string, memories: MemoryInput[]) => {
    for (let i = 0; i < memories.length; i += 1000) {
      const res = await request(app)
        .post(`/v1/groups/${groupId}/memories`)
        .send({ memories: memories.slice(i, i + 1000) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  };
  const aggregate = async (groupId: string, dryRun = false) => {
    const res = await request(app).post(`/v1/groups/${groupId}/aggregate?dryRun=${dryRun}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('succeeded');
    expect(res.body.errors).toEqual([]);
    return res.body;
  };
  const verify = async (groupId: string) => {
    const res = await request(app).get(`/v1/groups/${groupId}/verify`);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    strata = await openTestStrata();
    expect(strata.config.prune.enabled).toBe(true);
    app = testApp(strata);
  });

  afterAll(async () => {
    for (const g of groups) await deleteGroup(strata.graph, g);
    await strata?.close();
  });

  it('keeps every turn of the three dev LoCoMo conversations (2023), verifies clean, and a second cycle changes nothing', async () => {
    const conversations = await readLocomoFile(projectPath('../shared/bench/locomo/locomo-dev.json'));
    expect(conversations.length).toBe(3);
    for (const conversation of conversations) {
      const g = group(`locomo-${conversation.sampleId}`);
      await post(g, conversation.memories);
      const first = await aggregate(g);
      expect(first.pruned.memories).toBe(0);
      expect((await counts(g)).Memory).toBe(conversation.memories.length);

      const report = await verify(g);
      expect(report, JSON.stringify(report.checks.filter((c: { ok: boolean }) => !c.ok))).toMatchObject({
        ok: true,
        pending: { memories: 0 },
      });
      const days = new Set(conversation.memories.map((m) => periodOf('day', m.ts, 'UTC').key));
      const weeks = new Set([...days].map((d) => parentKey('day', d)));
      const before = await counts(g);
      expect(before['Summary:day']).toBe(days.size);
      expect(before['Summary:week']).toBe(weeks.size);

      const snap = await snapshot(g);
      const dry = await aggregate(g, true);
      expect(await snapshot(g)).toEqual(snap);
      expect(Object.values(dry.levels).every((l) => (l as { created: number }).created === 0)).toBe(true);
      const second = await aggregate(g);
      for (const [level, c] of Object.entries(second.levels))
        expect(c, level).toEqual({ created: 0, updated: 0 });
      expect(await snapshot(g)).toEqual(snap);
      const after = await counts(g);
      // Only the run record is new.
      expect({ ...after, AggregationRun: 0 }).toEqual({ ...before, AggregationRun: 0 });
      expect(after.AggregationRun).toBe((before.AggregationRun ?? 0) + 2);
    }
  }, 600_000);

  it('keeps the week series of a two-year import whole, and recall returns no archived summary', async () => {
    const g = group('two-years');
    const [demo] = generateDemo({ seed: 5, groups: 1, months: 24, messagesPerDay: 4, start: '2022-01-03' });
    const memories = (demo?.memories ?? []).map(({ id: _id, ...m }) => m);
    await post(g, memories);
    const report = await aggregate(g);
    expect(report.pruned.memories).toBe(0);
    expect(report.pruned.archived.day).toBeGreaterThan(0);
    expect(report.pruned.archived.week).toBeGreaterThan(0);

    const days = new Set(memories.map((m) => periodOf('day', m.ts, 'UTC').key));
    const weeks = [...new Set([...days].map((d) => parentKey('day', d)))].sort();
    const stored = await strata.services.listSummaries(g, { level: 'week', limit: 500 });
    expect(stored.map((w) => w.periodStart).sort()).toEqual(weeks);
    expect(stored.filter((w) => w.archivedAt === null).length).toBeGreaterThan(0);
    // Archived weeks keep their topics, so the drift series spans the two years.
    expect(stored.every((w) => w.topics.length > 0)).toBe(true);
    const drift = await strata.services.drift(g, { level: 'week' });
    // One drift point per pair of adjacent weeks.
    expect(drift.points.length).toBe(weeks.length - 1);
    expect((await verify(g)).ok).toBe(true);
    expect((await counts(g)).Memory).toBe(memories.length);

    const archived = new Set(
      (await strata.services.listSummaries(g, { limit: 500 }))
        .concat(await strata.services.listSummaries(g, { level: 'day', limit: 500 }))
        .filter((s) => s.archivedAt !== null)
        .map((s) => s.id),
    );
    expect(archived.size).toBeGreaterThan(0);
    for (const query of ['wedding venue florist', 'harbour regatta sailing', 'budget spreadsheet']) {
      const found = await strata.services.recall(g, {
        query,
        k: 30,
        levels: ['session', 'day', 'week', 'month'],
        mode: 'hybrid',
        expand: { turns: 0, down: false, perSummary: 0, sideways: 0 },
      });
      expect(found.items.filter((i) => archived.has(i.id))).toEqual([]);
    }
  }, 600_000);

  it('deletes a group for good while its cycle runs', async () => {
    const g = group('delete');
    const [demo] = generateDemo({ seed: 9, groups: 1, months: 12, messagesPerDay: 30, start: '2024-01-01' });
    await post(
      g,
      (demo?.memories ?? []).map(({ id: _id, ...m }) => m),
    );
    const cycle = strata.cycle(g);
    // Delete underneath the cycle as soon as it has written its first summaries: a fixed pause would let a fast
    // machine finish the cycle first.
    const started = Date.now();
    while (!((await counts(g))['Summary:session'] > 0) && Date.now() - started < 60_000)
      await new Promise((r) => setTimeout(r, 50));
    const res = await request(app).delete(`/v1/groups/${g}`);
    expect(res.status).toBe(200);
    const report = await cycle;
    expect(report.status).toBe('skipped');
    expect(report.reason).toMatch(/deleted/);
    expect(await counts(g)).toEqual({});
    const [leftovers] = await strata.graph.read<{ groups: number; leases: number }>(
      'inspect/group-leftovers',
      {
        groupId: g,
      },
    );
    expect(leftovers).toEqual({ groups: 0, leases: 0 });
  }, 120_000);
});
