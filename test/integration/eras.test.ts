import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDemo, type PlantedEra } from '../../seed/generator.js';
import { meanVector } from '../../src/domain/embedded-texts.js';
import { NO_ERA_BACKGROUND } from '../../src/domain/era-background.js';
import { backgroundBefore, eraTermFilter } from '../../src/domain/eras.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { normalizeTopic } from '../../src/domain/topics.js';
import { EraRepository } from '../../src/graph/eras.js';
import type { Strata } from '../../src/strata.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

const DAY_MS = 86_400_000;
const NOW = new Date('2024-10-15T00:00:00Z');

/**
 * Nine months of demo chat with planted eras. Offline, the same pipeline (day and week summaries from the local
 * summarizer, hashing vectors, PELT) put 44 of 45 planted boundaries over seeds 1-7 within a week; seeds 4 and 6
 * are two of the clean ones, so a failure here means the graph pipeline differs from the pure one.
 */
function demo(seed: number): { memories: MemoryInput[]; planted: PlantedEra[] } {
  const [group] = generateDemo({ seed, groups: 1, months: 9, messagesPerDay: 20, start: '2024-01-01' });
  if (!group) throw new Error('the generator made no group');
  return { memories: group.memories.map(({ id: _id, ...m }) => m), planted: group.plantedEras };
}

const days = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / DAY_MS;

describeNeo4j('eras and topics against Neo4j', () => {
  let strata: Strata;
  const groups = [
    { id: testGroupId('eras-a'), ...demo(4) },
    { id: testGroupId('eras-b'), ...demo(6) },
  ];

  beforeAll(async () => {
    strata = await openTestStrata({ PRUNE_ENABLED: 'false' });
    for (const g of groups) {
      for (let i = 0; i < g.memories.length; i += 1000)
        await strata.services.ingest(g.id, g.memories.slice(i, i + 1000));
      const report = await strata.cycle(g.id, { now: NOW });
      if (report.status !== 'succeeded')
        throw new Error(`cycle of ${g.id} failed: ${JSON.stringify(report)}`);
    }
  }, 900_000);

  afterAll(async () => {
    for (const g of groups) await deleteGroup(strata.graph, g.id);
    await strata?.close();
  });

  it('puts era boundaries within a week of the planted topic shifts', async () => {
    for (const g of groups) {
      const eras = await strata.services.eras(g.id);
      const found = eras.slice(1).map((e) => e.start);
      const planted = g.planted.slice(1).map((e) => e.start);
      const report = `group ${g.id}: planted ${planted.join(', ')}; found ${found.join(', ')}`;
      for (const boundary of planted) {
        expect(Math.min(...found.map((f) => days(f, boundary))), report).toBeLessThanOrEqual(7);
      }
      for (const boundary of found) {
        expect(Math.min(...planted.map((p) => days(p, boundary))), report).toBeLessThanOrEqual(7);
      }
    }
  });

  it('previews the stored eras with the group settings, other eras with other ones, and scores either', async () => {
    for (const g of groups) {
      const stored = await strata.services.eras(g.id);
      const same = await strata.services.previewEras(g.id, {});
      // Imported at once and cycled once: the preview runs the cycle's rule on the same series.
      expect(same.eras.map((e) => [e.start, e.end, e.current, e.earlier, e.keyTopics])).toEqual(
        stored.map((e) => [e.start, e.end, e.current, e.earlier, e.keyTopics]),
      );
      expect(same.parameters).toMatchObject({ minDays: 14, maxEras: 10, penalty: null });
      // Each stored era says what produced it: the detector, the parameters, the data the cycle read.
      for (const era of stored) {
        expect(era.provenance).toMatchObject({ detector: same.detector, parameters: same.parameters });
        expect(era.provenance?.cut).toEqual(same.cut);
      }
      // The signal the detector read, day by day, is the series the breakpoints index into.
      const signal = await strata.services.eraSignal(g.id);
      const signalDays = [...new Set(signal.rows.map((r) => r.day))];
      expect(signal.cut).toEqual(same.cut);
      expect(signalDays).toHaveLength(same.cut.days);
      expect(same.breakpoints.at(-1)).toBe(signalDays.length);
      for (const [k, at] of same.breakpoints.slice(0, -1).entries()) {
        const next = same.eras[k + 1]?.start as string;
        expect((signalDays[at] as string) >= next && (signalDays[at - 1] as string) < next).toBe(true);
      }
      // Eras of at least 120 days: fewer of them, and nothing written.
      const longer = await strata.services.previewEras(g.id, { minDays: 120 });
      expect(longer.eras.length).toBeLessThan(stored.length);
      for (const era of longer.eras.slice(0, -1))
        expect(days(era.end, era.start)).toBeGreaterThanOrEqual(120);
      expect(await strata.services.eras(g.id)).toEqual(stored);

      const gold = g.planted.slice(1).map((e) => e.start);
      const storedScore = await strata.services.scoreEras(g.id, { gold, marginDays: 7 });
      expect(storedScore).toMatchObject({ recall: 1, precision: 1 });
      const previewScore = await strata.services.scoreEras(g.id, {
        gold,
        marginDays: 7,
        preview: { minDays: 120 },
      });
      expect(previewScore?.recall).toBeLessThan(1);
      expect(previewScore?.foundBoundaries).toBe(longer.eras.length - 1);
    }
  });

  it('keeps on the current era alone what the days before it add to themes, as their day series gives it', async () => {
    const repo = new EraRepository(strata.graph);
    for (const g of groups) {
      const current = (await repo.list(g.id)).find((e) => e.current);
      if (!current) throw new Error(`${g.id} has no current era`);
      const earlier = await repo.daySeries(g.id, { to: current.start }, false);
      const all = await repo.daySeries(g.id, {}, false);
      expect(earlier.length).toBeGreaterThan(0);
      const background = await repo.background(g.id);
      expect(background).toEqual(
        backgroundBefore(current.start, earlier, NO_ERA_BACKGROUND, eraTermFilter(all)),
      );
      expect(background?.periods).toBe(earlier.length);
      const holders = await strata.graph.read<{ id: string }>('inspect/era-backgrounds', { groupId: g.id });
      expect(holders.map((h) => h.id)).toEqual([current.id]);
    }
  });

  it('gives each era a theme, key topics, one current era, and a NEXT_PERIOD chain', async () => {
    const [g] = groups;
    const eras = await strata.services.eras(g?.id as string);
    expect(eras.filter((e) => e.current)).toHaveLength(1);
    expect(eras[eras.length - 1]?.current).toBe(true);
    for (const era of eras) {
      expect(era.theme.length).toBeGreaterThan(0);
      expect(era.keyTopics.length).toBeGreaterThanOrEqual(3);
      expect(era.periodCount).toBeGreaterThanOrEqual(2);
      expect(Date.parse(era.end) - Date.parse(era.start)).toBeGreaterThanOrEqual(14 * DAY_MS);
    }
    const profile = await strata.services.profile(g?.id as string);
    expect(profile.currentEra?.theme).toBe(eras[eras.length - 1]?.theme);
    expect(profile.topicEvolution).toHaveLength(12);
  });

  it('keeps closed eras unchanged when the cycle runs again, with or without new weeks', async () => {
    const [g] = groups;
    const id = g?.id as string;
    const before = await strata.services.eras(id);
    const again = await strata.cycle(id, { now: NOW });
    expect(again.levels.era).toEqual({ created: 0, updated: 0 });
    expect(await strata.services.eras(id)).toEqual(before);

    // Two more weeks in the last era's vocabulary: the current era may grow, the closed ones must not move.
    const last = g?.memories.slice(-300) ?? [];
    const shifted = last.map((m) => ({ ...m, ts: new Date(Date.parse(m.ts) + 14 * DAY_MS).toISOString() }));
    for (let i = 0; i < shifted.length; i += 1000)
      await strata.services.ingest(id, shifted.slice(i, i + 1000));
    await strata.cycle(id, { now: new Date(NOW.getTime() + 30 * DAY_MS) });
    const after = await strata.services.eras(id);
    const closedBefore = before.filter((e) => !e.current);
    expect(after.filter((e) => !e.current).slice(0, closedBefore.length)).toEqual(closedBefore);
  });

  it('keeps one Topic node per group and name, and lets researchers query weights by week', async () => {
    const [a, b] = groups;
    const duplicates = await strata.graph.read<{ duplicates: number }>('inspect/topic-duplicates', {
      groupIds: [a?.id, b?.id],
    });
    expect(duplicates[0]?.duplicates).toBe(0);
    const [week] = await strata.services.listSummaries(a?.id as string, { level: 'week', limit: 1 });
    const topic = week?.topics[0]?.name as string;
    const timeline = await strata.services.topicTimeline(a?.id as string, topic, { level: 'week' });
    expect(timeline.points.length).toBeGreaterThan(30);
    expect(timeline.points.some((p) => p.weight > 0)).toBe(true);
    const drift = await strata.services.drift(a?.id as string, { level: 'week' });
    expect(drift.points.length).toBe(timeline.points.length - 1);
    expect(drift.points.every((p) => p.jsd >= 0 && p.jsd <= 1)).toBe(true);
    expect(drift.points.every((p) => p.topicDrift >= 0 && p.topicDrift <= 1)).toBe(true);

    // Topics over time: every week's topics as rows, their shares summing to 1 per week, keyed as Topic nodes are.
    const table = await strata.services.topicsOverTime(a?.id as string, { level: 'week' });
    const weeks = new Set(table.rows.map((r) => r.periodStart));
    expect(weeks.size).toBe(timeline.points.filter((p) => p.periodStart).length);
    for (const week of weeks) {
      const shares = table.rows.filter((r) => r.periodStart === week).map((r) => r.share);
      expect(shares.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 6);
    }
    expect(table.rows.some((r) => normalizeTopic(r.topic) === normalizeTopic(topic))).toBe(true);
  });

  it("lets a group's own era parameters choose the cycle's eras, as the preview showed, and go back", async () => {
    const g = groups[1] as (typeof groups)[number];
    const before = await strata.services.eras(g.id);
    const preview = await strata.services.previewEras(g.id, { minDays: 120 });
    expect(await strata.services.setEraParameters(g.id, { minDays: 120 })).toEqual({
      timezone: 'UTC',
      eras: { minDays: 120 },
    });
    // Taken down at once, and the group is due: its next cycle detects them afresh.
    expect(await strata.services.eras(g.id)).toEqual([]);
    expect(await strata.runs.groupsDue()).toContain(g.id);
    expect((await strata.cycle(g.id, { now: NOW })).status).toBe('succeeded');
    const chosen = await strata.services.eras(g.id);
    expect(chosen.map((e) => [e.start, e.end])).toEqual(preview.eras.map((e) => [e.start, e.end]));
    // The preview now starts from the group's own parameters; the same ones again change nothing.
    expect((await strata.services.previewEras(g.id, {})).parameters.minDays).toBe(120);
    await strata.services.setEraParameters(g.id, { minDays: 120 });
    expect(await strata.services.eras(g.id)).toEqual(chosen);

    await strata.services.setEraParameters(g.id, null);
    expect((await strata.cycle(g.id, { now: NOW })).status).toBe('succeeded');
    expect((await strata.services.eras(g.id)).map((e) => [e.start, e.end])).toEqual(
      before.map((e) => [e.start, e.end]),
    );
    expect(await strata.services.groupSettings(g.id)).toEqual({ timezone: 'UTC', eras: null });
  });

  it("keeps the current era's vector and weeks while it grows by days alone, and reads its weeks again once one is rewritten", async () => {
    const g = groups[1] as (typeof groups)[number];
    const current = async () => {
      const eras = await strata.graph.read<EraWeeks>('inspect/era-weeks', { groupId: g.id });
      const era = eras.find((e) => e.current);
      if (!era) throw new Error(`${g.id} has no current era`);
      // Its vector is the mean of its weeks' whenever it is read.
      expectClose(era.embedding, meanVector(era.weeks.map((w) => w.embedding)));
      return era;
    };
    const before = await current();

    // One more day in the words of the last one, in a week not over when the cycle runs: the era grows by a day.
    const lastDay = g.memories
      .map((m) => m.ts.slice(0, 10))
      .sort()
      .at(-1) as string;
    const day = '2024-10-15';
    const replayed = g.memories
      .filter((m) => m.ts.startsWith(lastDay))
      .map((m) => ({ ...m, ts: `${day}${m.ts.slice(10)}` }));
    await strata.services.ingest(g.id, replayed);
    const grown = await strata.cycle(g.id, { now: new Date('2024-10-16T06:00:00Z') });
    expect([grown.status, grown.levels.week, grown.levels.era]).toEqual([
      'succeeded',
      { created: 0, updated: 0 },
      { created: 0, updated: 1 },
    ]);
    const extended = await current();
    expect(extended.id).toBe(before.id);
    expect(extended.version).toBe(before.version + 1);
    expect(extended.end).toBe('2024-10-16');
    expect([extended.text, extended.weeks, extended.embedding]).toEqual([
      before.text,
      before.weeks,
      before.embedding,
    ]);

    // A late afternoon in one of its weeks, on a subject of its own, rewrites that week and its vector: the era reads
    // its weeks again, and its vector follows.
    const week = before.weeks.at(-2) as EraWeeks['weeks'][number];
    await strata.services.ingest(
      g.id,
      Array.from({ length: 40 }, (_, i) => ({
        speaker: i % 2 === 0 ? 'Late' : 'Later',
        text: `The parrot Kiwi learned word number ${i} today, and the aviary in the garden shed needs a bigger perch.`,
        ts: new Date(Date.parse(`${week.periodStart}T15:00:00Z`) + i * 60_000).toISOString(),
      })),
    );
    const late = await strata.cycle(g.id, { now: new Date('2024-10-16T07:00:00Z') });
    expect([late.status, late.levels.week.updated, late.levels.era.updated]).toEqual(['succeeded', 1, 1]);
    const reread = await current();
    const rewritten = reread.weeks.find((w) => w.periodStart === week.periodStart);
    expect(rewritten?.version).toBe(week.version + 1);
    expect(rewritten?.embedding).not.toEqual(week.embedding);
    expect(reread.embedding).not.toEqual(before.embedding);
  });
});

/** An era as inspect/era-weeks reads it: its vector, and the summaries it spans with theirs. */
interface EraWeeks {
  id: string;
  version: number;
  text: string;
  end: string;
  current: boolean;
  embedding: number[];
  weeks: { periodStart: string; version: number; embedding: number[] }[];
}

function expectClose(actual: number[], expected: number[] | null): void {
  expect(actual.length).toBe(expected?.length);
  for (const [i, x] of actual.entries())
    expect(Math.abs(x - (expected?.[i] ?? Number.NaN))).toBeLessThan(1e-5);
}
