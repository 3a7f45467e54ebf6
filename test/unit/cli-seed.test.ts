import { describe, expect, it } from 'vitest';
import { generateDemo } from '../../seed/generator.js';
import {
  demoStart,
  endBefore,
  renameGroup,
  type SeedProgress,
  seedDemo,
  seedGroupId,
} from '../../seed/seed.js';
import type { ApiServices } from '../../src/api/services.js';
import { type CycleReport, newCycleReport } from '../../src/domain/cycle-report.js';
import { type MemoryInput, toMemoryRecord } from '../../src/domain/memory.js';
import type { CycleOptions } from '../../src/jobs/cycle.js';
import { stubServices } from '../support/stub-services.js';

const NOW = new Date('2024-07-15T12:00:00Z');

/** Records every call in order; ingest keeps ids so a second seed creates nothing. */
function fakeTarget(timezoneAllowed = true) {
  const events: string[] = [];
  const batches: number[] = [];
  const stored = new Set<string>();
  const cycles: { groupId: string; options?: CycleOptions }[] = [];
  const target = {
    services: stubServices({
      setTimezone: async (groupId: string, timezone: string) => {
        events.push(`timezone ${groupId} ${timezone}`);
        return { allowed: timezoneAllowed, previousTimezone: 'Europe/Berlin', timezone };
      },
      ingest: async (groupId: string, memories: MemoryInput[]) => {
        if (events.at(-1) !== `ingest ${groupId}`) events.push(`ingest ${groupId}`);
        batches.push(memories.length);
        const ids = memories.map((m) => toMemoryRecord(groupId, m).id);
        const created = ids.filter((id) => !stored.has(id));
        for (const id of ids) stored.add(id);
        return { created, existing: ids.filter((id) => !created.includes(id)) };
      },
    } satisfies Partial<ApiServices>),
    cycle: async (groupId: string, options?: CycleOptions): Promise<CycleReport> => {
      events.push(`cycle ${groupId}`);
      cycles.push({ groupId, options });
      return newCycleReport(groupId, NOW.toISOString(), {
        runId: 'r',
        nextWorkAt: '2024-07-22T00:05:00.000Z',
        tookMs: 1,
      });
    },
  };
  return { target, events, batches, stored, cycles };
}

describe('demoStart', () => {
  it('goes back exactly the given months, so the data ends yesterday', () => {
    expect(demoStart('2024-07-15', 2)).toBe('2024-05-15');
    expect(demoStart('2024-01-15', 2)).toBe('2023-11-15');
    expect(demoStart('2024-03-01', 6)).toBe('2023-09-01');
    expect(demoStart('2024-12-31', 12)).toBe('2023-12-31');
  });

  it('starts on the 1st of the next month when the month back is too short', () => {
    expect(demoStart('2024-05-31', 3)).toBe('2024-03-01');
    expect(demoStart('2025-03-29', 1)).toBe('2025-03-01');
  });

  it('makes the generator end exactly on today (exclusive) when the day exists', () => {
    for (const [today, months] of [
      ['2024-07-15', 2],
      ['2024-02-29', 4],
      ['2023-12-30', 6],
    ] as const) {
      const [group] = generateDemo({ groups: 1, months, start: demoStart(today, months), messagesPerDay: 5 });
      expect(group?.plantedEras.at(-1)?.end, `${today} - ${months} months`).toBe(today);
    }
  });
});

describe('renameGroup and endBefore', () => {
  const [demo] = generateDemo({ groups: 1, months: 1, start: '2024-05-01', messagesPerDay: 20 });
  if (!demo) throw new Error('no demo group');

  it('gives another group its own memory and session ids', () => {
    const renamed = renameGroup(demo, 't-seed-1');
    expect(renamed.groupId).toBe('t-seed-1');
    expect(renamed.memories).toHaveLength(demo.memories.length);
    expect(renamed.memories[0]?.id).toBe('seed-t-seed-1-1');
    expect(renamed.memories.every((m) => m.id?.startsWith('seed-t-seed-1-'))).toBe(true);
    const sessions = renamed.memories.filter((m) => m.sessionId).map((m) => m.sessionId);
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s?.startsWith('t-seed-1-session-'))).toBe(true);
    expect(renameGroup(demo, 'demo-1')).toBe(demo);
  });

  it('drops memories and eras from a day on, cutting at local midnight', () => {
    const ny = generateDemo({ groups: 1, months: 1, start: '2024-05-01', timezone: 'America/New_York' })[0];
    if (!ny) throw new Error('no demo group');
    const cut = endBefore(ny, '2024-05-20');
    expect(cut.memories.length).toBeLessThan(ny.memories.length);
    // Local midnight of 2024-05-20 in New York is 04:00 UTC.
    expect(cut.memories.every((m) => Date.parse(m.ts) < Date.parse('2024-05-20T04:00:00Z'))).toBe(true);
    expect(cut.memories.at(-1)?.ts.slice(0, 10)).toMatch(/^2024-05-(19|20)$/);
    expect(cut.plantedEras.at(-1)?.end).toBe('2024-05-20');
    expect(cut.plantedEras.every((e) => e.start < '2024-05-20')).toBe(true);
  });

  it('keeps the planted entities, and their spellings, that the kept memories still name', () => {
    const [long] = generateDemo({ groups: 1, months: 4, start: '2024-01-01', messagesPerDay: 20 });
    if (!long) throw new Error('no demo group');
    const firstEra = long.plantedEras[0];
    if (!firstEra) throw new Error('no era');
    const cut = endBefore(long, firstEra.end);
    expect(cut.plantedEntities.length).toBeGreaterThan(0);
    expect(cut.plantedEntities.length).toBeLessThan(long.plantedEntities.length);
    const texts = cut.memories.map((m) => m.text).join('\n');
    for (const e of cut.plantedEntities) for (const s of e.written) expect(texts).toContain(s);
    expect(endBefore(long, '2030-01-01').plantedEntities).toBe(long.plantedEntities);
  });

  it('checks the prefix makes valid group ids', () => {
    expect(seedGroupId('demo', 2)).toBe('demo-2');
    expect(() => seedGroupId('no spaces', 1)).toThrow(/prefix/);
  });
});

describe('seedDemo', () => {
  it('sets the time zone, ingests in batches of 1000, then cycles, group by group', async () => {
    const { target, events, batches, cycles } = fakeTarget();
    const progress: SeedProgress[] = [];
    const { groups } = await seedDemo(target, {
      groups: 2,
      months: 2,
      prefix: 'trial',
      timezone: 'Europe/Lisbon',
      now: NOW,
      onProgress: (p) => progress.push(p),
    });
    expect(events).toEqual([
      'timezone trial-1 Europe/Lisbon',
      'ingest trial-1',
      'cycle trial-1',
      'timezone trial-2 Europe/Lisbon',
      'ingest trial-2',
      'cycle trial-2',
    ]);
    expect(batches.every((n) => n <= 1000)).toBe(true);
    expect(batches.filter((n) => n === 1000).length).toBeGreaterThan(0);
    expect(cycles.every((c) => c.options?.now === NOW)).toBe(true);

    for (const g of groups) {
      expect(g.timezone).toBe('Europe/Lisbon');
      expect(g.start).toBe('2024-05-15');
      expect(g.end).toBe('2024-07-15');
      expect(g.memories).toBeGreaterThan(1500);
      expect(g.created).toBe(g.memories);
      expect(g.plantedEras[0]?.start).toBe('2024-05-15');
      expect(g.report.status).toBe('succeeded');
    }
    const ingest = progress.filter((p) => p.stage === 'ingest' && p.groupId === 'trial-1');
    expect(ingest.at(-1)).toMatchObject({ done: groups[0]?.memories, total: groups[0]?.memories });
    expect(progress.filter((p) => p.stage === 'cycle').map((p) => `${p.groupId} ${p.done}`)).toEqual([
      'trial-1 0',
      'trial-1 1',
      'trial-2 0',
      'trial-2 1',
    ]);
  });

  it('keeps all data before today: the last memory is from yesterday or earlier', async () => {
    const { target } = fakeTarget();
    const seen: MemoryInput[] = [];
    const original = target.services.ingest;
    target.services.ingest = async (groupId, memories) => {
      seen.push(...memories);
      return original(groupId, memories);
    };
    await seedDemo(target, { groups: 1, months: 3, now: NOW, messagesPerDay: 20 });
    expect(Date.parse(seen.at(-1)?.ts ?? '')).toBeLessThan(Date.parse('2024-07-15T00:00:00Z'));
    expect(seen[0]?.id).toBe('seed-demo-1-1');
  });

  it('trims the extra days when the start had to move to the 1st', async () => {
    const { target } = fakeTarget();
    const { groups } = await seedDemo(target, {
      groups: 1,
      months: 3,
      now: new Date('2024-05-31T12:00:00Z'),
    });
    expect(groups[0]).toMatchObject({ start: '2024-03-01', end: '2024-05-31' });
  });

  it('creates nothing when run again the same day', async () => {
    const { target } = fakeTarget();
    const first = await seedDemo(target, { groups: 1, months: 1, now: NOW });
    const again = await seedDemo(target, { groups: 1, months: 1, now: new Date('2024-07-15T20:00:00Z') });
    expect(first.groups[0]?.created).toBeGreaterThan(0);
    expect(again.groups[0]?.created).toBe(0);
    expect(again.groups[0]?.existing).toBe(first.groups[0]?.memories);
  });

  it('stops before writing when the group is locked to another time zone', async () => {
    const { target, events } = fakeTarget(false);
    await expect(seedDemo(target, { groups: 1, months: 1, now: NOW })).rejects.toThrow(
      /demo-1 already has summaries cut in Europe\/Berlin/,
    );
    expect(events).toEqual(['timezone demo-1 UTC']);
  });
});
