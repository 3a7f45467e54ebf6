import { describe, expect, it } from 'vitest';
import { type DemoGroup, generateDemo, mulberry32 } from '../../seed/generator.js';
import { plantedIn } from '../../seed/planted-entities.js';
import { memoryInputSchema } from '../../src/domain/memory.js';
import { words as wordsOf } from '../../src/domain/text.js';

const DAY_MS = 86_400_000;
const defaults = generateDemo();

function day(ts: string): string {
  return new Date(ts).toISOString().slice(0, 10);
}

/** Share of the messages that use at least one word of the vocabulary. */
function hitRate(texts: string[], vocabulary: string[]): number {
  const words = new Set(vocabulary);
  const hits = texts.filter((t) => wordsOf(t).some((w) => words.has(w))).length;
  return texts.length === 0 ? 0 : hits / texts.length;
}

describe('generateDemo', () => {
  it('is deterministic for the same options and differs across seeds', () => {
    expect(generateDemo({ seed: 7, months: 2 })).toEqual(generateDemo({ seed: 7, months: 2 }));
    const a = generateDemo({ seed: 7, months: 2 })[0].memories.map((m) => m.text);
    const b = generateDemo({ seed: 8, months: 2 })[0].memories.map((m) => m.text);
    expect(a).not.toEqual(b);
    // The groups of one run are not copies of each other either.
    expect(defaults[0].memories.map((m) => m.text)).not.toEqual(defaults[1].memories.map((m) => m.text));
  });

  it('uses the documented defaults: 2 groups, 6 months from 2024-01-01 UTC, about 40 messages a day', () => {
    expect(defaults.map((g) => g.groupId)).toEqual(['demo-1', 'demo-2']);
    for (const g of defaults) {
      expect(g.timezone).toBe('UTC');
      expect(g.plantedEras[0].start).toBe('2024-01-01');
      expect(g.plantedEras.at(-1)?.end).toBe('2024-07-01');
      const perDay = g.memories.length / 182;
      expect(perDay).toBeGreaterThan(30);
      expect(perDay).toBeLessThan(50);
    }
  });

  it('gives every memory a valid shape and a stable, unique seed id', () => {
    for (const g of defaults) {
      const ids = g.memories.map((m) => m.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids[0]).toBe(`seed-${g.groupId}-1`);
      for (const m of g.memories) expect(memoryInputSchema.safeParse(m).success).toBe(true);
    }
  });

  it('keeps timestamps sorted and inside the requested range', () => {
    for (const g of generateDemo({ start: '2024-03-10', months: 3, timezone: 'America/New_York' })) {
      const times = g.memories.map((m) => Date.parse(m.ts));
      expect(times).toEqual([...times].sort((x, y) => x - y));
      // Local midnight in New York is 05:00 UTC in winter and 04:00 UTC in summer.
      expect(times[0]).toBeGreaterThanOrEqual(Date.parse('2024-03-10T05:00:00Z'));
      expect(times.at(-1)).toBeLessThan(Date.parse('2024-06-10T04:00:00Z'));
    }
  });

  it('plants eras of three to eight weeks that tile the range without gaps', () => {
    for (const g of defaults) {
      const eras = g.plantedEras;
      expect(eras.length).toBeGreaterThanOrEqual(3);
      for (let i = 0; i < eras.length; i++) {
        const days = (Date.parse(eras[i].end) - Date.parse(eras[i].start)) / DAY_MS;
        expect(days).toBeGreaterThanOrEqual(14);
        if (i < eras.length - 1) {
          expect(days).toBeGreaterThanOrEqual(21);
          expect(days).toBeLessThanOrEqual(56);
          expect(eras[i + 1].start).toBe(eras[i].end);
          expect(eras[i + 1].theme).not.toBe(eras[i].theme);
        }
        expect(eras[i].vocabulary.length).toBeGreaterThan(20);
      }
    }
  });

  it('switches vocabulary exactly at each planted boundary', () => {
    for (const g of defaults) {
      for (let i = 1; i < g.plantedEras.length; i++) {
        const before = g.plantedEras[i - 1];
        const after = g.plantedEras[i];
        const textsIn = (era: DemoGroup['plantedEras'][number]) =>
          g.memories.filter((m) => day(m.ts) >= era.start && day(m.ts) < era.end).map((m) => m.text);
        const prev = textsIn(before);
        const next = textsIn(after);
        expect(hitRate(prev, before.vocabulary)).toBeGreaterThan(0.4);
        expect(hitRate(next, after.vocabulary)).toBeGreaterThan(0.4);
        expect(hitRate(prev, after.vocabulary)).toBeLessThan(0.02);
        expect(hitRate(next, before.vocabulary)).toBeLessThan(0.02);
        // The last messages before the boundary and the first after it already differ.
        const lastBefore = g.memories.filter((m) => day(m.ts) < after.start).slice(-60);
        const firstAfter = g.memories.filter((m) => day(m.ts) >= after.start).slice(0, 60);
        expect(
          hitRate(
            lastBefore.map((m) => m.text),
            after.vocabulary,
          ),
        ).toBe(0);
        expect(
          hitRate(
            firstAfter.map((m) => m.text),
            before.vocabulary,
          ),
        ).toBe(0);
      }
    }
  });

  it('plants named entities of its eras, each named by its name or an alias in some messages', () => {
    for (const g of defaults) {
      expect(g.plantedEntities.length).toBeGreaterThan(3);
      expect(g.plantedEntities.some((e) => e.kind === 'person' && e.aliases.length > 0)).toBe(true);
      for (const e of g.plantedEntities) {
        expect(e.written.length, e.name).toBeGreaterThan(0);
        for (const spelling of e.written) {
          expect([e.name, ...e.aliases]).toContain(spelling);
          expect(
            g.memories.some((m) => m.text.includes(spelling)),
            spelling,
          ).toBe(true);
        }
      }
      // Over a run's eras, aliases are used, not only names.
      expect(g.plantedEntities.some((e) => e.written.some((s) => s !== e.name))).toBe(true);
    }
  });

  it('reads the spellings used from the texts, a longer one first and only between non-letters', () => {
    const ana = { name: 'Ana Costa', kind: 'person', aliases: ['Dr. Ana Costa', 'Ana'] };
    const rhs = { name: 'Royal Horticultural Society', kind: 'organisation', aliases: ['RHS'] };
    const leeds = { name: 'Leeds', kind: 'place', aliases: [] };
    const found = plantedIn(
      [ana, rhs, leeds, ana],
      ['I emailed Dr. Ana Costa today.', 'Ana Costa said hi', 'Banana bread and RHSX', 'the RHS guide'],
    );
    expect(found).toEqual([
      { ...ana, written: ['Ana Costa', 'Dr. Ana Costa'] },
      { ...rhs, written: ['RHS'] },
    ]);
    expect(plantedIn([ana], ['ana costa'])).toEqual([]);
  });

  it('has quiet days, busy days and a daily rhythm with quiet nights and busy evenings', () => {
    const g = defaults[0];
    const perDay = new Map<string, number>();
    for (const m of g.memories) perDay.set(day(m.ts), (perDay.get(day(m.ts)) ?? 0) + 1);
    const quiet = 182 - perDay.size;
    expect(quiet).toBeGreaterThanOrEqual(3);
    expect(Math.max(...perDay.values())).toBeGreaterThan(80);

    const byHour = new Array(24).fill(0);
    for (const m of g.memories) byHour[new Date(m.ts).getUTCHours()]++;
    const night = byHour[2] + byHour[3] + byHour[4];
    const evening = byHour[19] + byHour[20] + byHour[21];
    expect(evening).toBeGreaterThan(night * 10);
  });

  it('lets weekends differ from weekdays', () => {
    for (const g of defaults) {
      const weekend = new Array(24).fill(0);
      const weekday = new Array(24).fill(0);
      for (const m of g.memories) {
        const d = new Date(m.ts);
        const bucket = d.getUTCDay() === 0 || d.getUTCDay() === 6 ? weekend : weekday;
        bucket[d.getUTCHours()]++;
      }
      const morningShare = (h: number[]) => (h[7] + h[8]) / h.reduce((a, b) => a + b, 0);
      // People sleep in at the weekend: early mornings are relatively quieter.
      expect(morningShare(weekend)).toBeLessThan(morningShare(weekday));
    }
  });

  it('has speakers who join and leave over time', () => {
    for (const g of defaults) {
      const speakersIn = (from: string, to: string) =>
        new Set(g.memories.filter((m) => day(m.ts) >= from && day(m.ts) < to).map((m) => m.speaker));
      const early = speakersIn('2024-01-01', '2024-01-15');
      const late = speakersIn('2024-06-15', '2024-07-01');
      expect(early.size).toBeGreaterThanOrEqual(4);
      expect([...late].some((s) => !early.has(s))).toBe(true);
      expect([...early].some((s) => !late.has(s))).toBe(true);
    }
  });

  it('puts some conversations in sessions', () => {
    const withSession = defaults[0].memories.filter((m) => m.sessionId);
    expect(withSession.length).toBeGreaterThan(0);
    expect(withSession.length).toBeLessThan(defaults[0].memories.length / 3);
    expect(withSession[0].sessionId).toMatch(/^demo-1-session-\d+$/);
  });

  it('makes 100k messages quickly', () => {
    const started = performance.now();
    const groups = generateDemo({ months: 12, messagesPerDay: 140 });
    const total = groups.reduce((n, g) => n + g.memories.length, 0);
    expect(total).toBeGreaterThan(90_000);
    // Generous bound: this takes well under a second on a laptop, the margin is for busy CI machines.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('rejects options it cannot honour', () => {
    expect(() => generateDemo({ start: '2024-02-30' })).toThrow(/ISO date/);
    expect(() => generateDemo({ timezone: 'Mars/Olympus' })).toThrow(/time zone/);
    expect(() => generateDemo({ groups: 0 })).toThrow(/groups/);
  });
});

describe('mulberry32', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
  });
});
