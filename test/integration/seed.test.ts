import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDemo } from '../../seed/generator.js';
import { demoStart, endBefore, renameGroup, type SeededGroup, seedDemo } from '../../seed/seed.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import {
  daysBetween,
  isClosed,
  localDate,
  parentKey,
  periodForKey,
  periodOf,
} from '../../src/domain/periods.js';
import type { Strata } from '../../src/strata.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

/**
 * A pinned clock keeps the data the same on every run. Offline, the cycle's day -> week -> era steps found
 * every planted boundary that the rule below keeps, for this date and for 135 others over seeds 1-3.
 */
const NOW = new Date('2025-01-15T12:00:00Z');
const MONTHS = 4;
const TIMEZONE = 'UTC';
const GRACE_MINUTES = 60;

/** The memories seedDemo wrote, rebuilt the same way (the generator is deterministic). */
function seededMemories(groupId: string): MemoryInput[] {
  const today = localDate(NOW, TIMEZONE);
  const [raw] = generateDemo({
    groups: 1,
    months: MONTHS,
    start: demoStart(today, MONTHS),
    timezone: TIMEZONE,
  });
  if (!raw) throw new Error('the generator made no group');
  return endBefore(renameGroup(raw, groupId), today).memories;
}

/** Summaries per level: every closed period with content (a week from its closed days, a month from its closed weeks). */
function expectedCounts(memories: MemoryInput[]) {
  const closed = (level: 'day' | 'week' | 'month') => (key: string) =>
    isClosed(periodForKey(level, key, TIMEZONE), NOW, GRACE_MINUTES);
  const days = [...new Set(memories.map((m) => periodOf('day', m.ts, TIMEZONE).key))].filter(closed('day'));
  const weeks = [...new Set(days.map((d) => parentKey('day', d)))].filter(closed('week'));
  const months = [...new Set(weeks.map((w) => parentKey('week', w)))].filter(closed('month'));
  return { day: days.length, week: weeks.length, month: months.length };
}

describeNeo4j('seedDemo against Neo4j', () => {
  let strata: Strata;
  // A prefix of its own: memory ids embed the group id, so these never collide with a real `strata seed`.
  const prefix = testGroupId('seed');
  let group: SeededGroup;

  beforeAll(async () => {
    // Pruning off, so the day and week summaries the cycle made are all still there to count.
    strata = await openTestStrata({ PRUNE_ENABLED: 'false' });
    const { groups } = await seedDemo(strata, { groups: 1, months: MONTHS, prefix, now: NOW });
    if (!groups[0]) throw new Error('seedDemo returned no group');
    group = groups[0];
  }, 900_000);

  afterAll(async () => {
    if (group) await deleteGroup(strata.graph, group.groupId);
    await strata?.close();
  });

  it('writes the demo data ending yesterday and cycles it without errors', () => {
    expect(group.groupId).toBe(`${prefix}-1`);
    expect(group.start).toBe('2024-09-15');
    expect(group.end).toBe('2025-01-15');
    expect(group.created).toBe(group.memories);
    expect(group.report.status).toBe('succeeded');
    expect(group.report.errors).toEqual([]);
  });

  it('has the expected number of day, week and month summaries', async () => {
    const rows = await strata.graph.read<{ kind: string; count: number }>('inspect/group-counts', {
      groupId: group.groupId,
    });
    const byKind = Object.fromEntries(rows.map((r) => [r.kind, r.count]));
    const expected = expectedCounts(seededMemories(group.groupId));
    expect(expected.month).toBeGreaterThanOrEqual(3);
    expect({
      day: byKind['Summary:day'] ?? 0,
      week: byKind['Summary:week'] ?? 0,
      month: byKind['Summary:month'] ?? 0,
    }).toEqual(expected);
    expect(byKind.Memory).toBe(group.memories);
    expect(group.report.levels.day.created).toBe(expected.day);
  });

  it('starts an era within a week of every planted boundary the weeks can show', async () => {
    // A boundary needs two weeks of data before it, and three closed weeks after it: era boundaries are confirmed
    // only when they hold without the newest week, and the current week is still open.
    const openWeek = periodOf('week', NOW, TIMEZONE).start;
    const boundaries = group.plantedEras
      .slice(1)
      .map((e) => e.start)
      .filter((b) => daysBetween(group.start, b) >= 14 && daysBetween(b, openWeek) >= 21);
    expect(boundaries.length).toBeGreaterThanOrEqual(1);
    const found = (await strata.services.eras(group.groupId)).map((e) => e.start);
    const report = `planted ${boundaries.join(', ')}; found ${found.join(', ')}`;
    for (const boundary of boundaries) {
      const nearest = Math.min(...found.map((f) => Math.abs(daysBetween(f, boundary))));
      expect(nearest, report).toBeLessThanOrEqual(7);
    }
  });

  it('creates nothing when seeded again', async () => {
    const again = await seedDemo(strata, { groups: 1, months: MONTHS, prefix, now: NOW });
    expect(again.groups[0]?.created).toBe(0);
    expect(again.groups[0]?.existing).toBe(group.memories);
    const levels = again.groups[0]?.report.levels;
    for (const [level, counts] of Object.entries(levels ?? {})) {
      expect(counts, `level ${level}`).toEqual({ created: 0, updated: 0 });
    }
  });
});
