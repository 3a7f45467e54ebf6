import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../seed/generator.js';
import {
  type EraOptions,
  type EraPeriod,
  type EraSegment,
  featuresOf,
  segmentEras,
  updateEras,
} from '../../src/domain/eras.js';

/** A small seeded generator (the demo generator's), so every synthetic series is the same on every run. */
const seeded = mulberry32;

function normal(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const THEMES = [
  ['hiking', 'trails', 'camping', 'tent', 'mountain', 'boots'],
  ['python', 'compiler', 'debugging', 'rust', 'types', 'tests'],
  ['baby', 'sleep', 'diapers', 'daycare', 'feeding', 'nursery'],
  ['guitar', 'chords', 'concert', 'amplifier', 'band', 'songs'],
];
const START = '2024-01-01';
const DIMENSION = 32;

/**
 * Weekly periods in eras of the given lengths (in weeks), era k on themes[k mod themes.length]. Each theme
 * has its own topic set (four of six terms a week, plus "weekend", which every theme shares) and its own
 * embedding centre; embeddings are unit vectors scattered around it.
 */
function history(weeksPerEra: number[], seed: number, themes = THEMES): EraPeriod[] {
  const random = seeded(seed);
  const noise = normal(random);
  // One embedding centre per theme, so an era that returns to an earlier theme returns to its centre too.
  const centres = new Map<string[], number[]>();
  const periods: EraPeriod[] = [];
  weeksPerEra.forEach((weeks, era) => {
    const theme = themes[era % themes.length];
    const centre = centres.get(theme) ?? Array.from({ length: DIMENSION }, () => noise());
    centres.set(theme, centre);
    for (let w = 0; w < weeks; w++) {
      const periodStart = addDays(START, 7 * periods.length);
      const raw = centre.map((c) => c / Math.sqrt(DIMENSION) + 0.12 * noise());
      const norm = Math.hypot(...raw);
      const picked = [...theme].sort(() => random() - 0.5).slice(0, 4);
      periods.push({
        periodStart,
        periodEnd: addDays(periodStart, 7),
        embedding: raw.map((v) => v / norm),
        topics: [...picked, 'weekend']
          .map((name) => ({ name, weight: 0.3 + 0.7 * random() }))
          .sort((a, b) => b.weight - a.weight),
      });
    }
  });
  return periods;
}

const OPTIONS: EraOptions = { minDays: 14, maxEras: 10 };

function weekOf(period: number): string {
  return addDays(START, 7 * period);
}

function daysBetween(a: string, b: string): number {
  return (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
}

/** Every era ends where the next starts, and the periods are all there, each exactly once. */
function expectTiling(eras: EraSegment[], periods: EraPeriod[]): void {
  for (let k = 1; k < eras.length; k++) expect(eras[k].start).toBe(eras[k - 1].end);
  expect(eras.flatMap((e) => e.periodStarts)).toEqual(periods.map((p) => p.periodStart).sort());
}

describe('featuresOf', () => {
  it('puts the unit embedding and the square-rooted topic distribution side by side', () => {
    const periods: EraPeriod[] = [
      {
        periodStart: '2024-01-01',
        periodEnd: '2024-01-08',
        embedding: [3, 4],
        topics: [
          { name: 'Cats', weight: 3 },
          { name: 'dogs', weight: 1 },
        ],
      },
      {
        periodStart: '2024-01-08',
        periodEnd: '2024-01-15',
        embedding: null,
        topics: [{ name: 'fish', weight: 1 }],
      },
    ];
    const rows = featuresOf(periods, ['cat', 'dog']);
    // embedding (2) + cat, dog + mass outside the vocabulary.
    expect(rows[0]).toHaveLength(5);
    expect(rows[0][0]).toBeCloseTo(0.6, 12);
    expect(rows[0][1]).toBeCloseTo(0.8, 12);
    expect(rows[0][2]).toBeCloseTo(Math.sqrt(0.75), 12);
    expect(rows[0][3]).toBeCloseTo(0.5, 12);
    expect(rows[0][4]).toBeCloseTo(0, 12);
    // No embedding: the mean of the others, which here is the one other.
    expect(rows[1].slice(0, 2).map((v) => Number(v.toFixed(12)))).toEqual([0.6, 0.8]);
    expect(rows[1].slice(2)).toEqual([0, 0, 1]);
    // Both parts are unit vectors, so neither outweighs the other.
    expect(Math.hypot(...rows[0].slice(0, 2))).toBeCloseTo(1, 12);
    expect(Math.hypot(...rows[0].slice(2))).toBeCloseTo(1, 12);
  });

  it('leaves out the embedding part when no period has one; the vocabulary defaults to the data', () => {
    const rows = featuresOf([
      {
        periodStart: '2024-01-01',
        periodEnd: '2024-01-08',
        embedding: null,
        topics: [{ name: 'a', weight: 1 }],
      },
      {
        periodStart: '2024-01-08',
        periodEnd: '2024-01-15',
        embedding: null,
        topics: [{ name: 'b', weight: 1 }],
      },
    ]);
    expect(rows).toEqual([
      [1, 0, 0],
      [0, 1, 0],
    ]);
  });
});

describe('segmentEras', () => {
  it('finds planted eras within one week of where they change', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const periods = history([10, 10, 10], seed);
      const eras = segmentEras(periods, OPTIONS);
      expect(eras).toHaveLength(3);
      expect(Math.abs(daysBetween(weekOf(10), eras[1].start))).toBeLessThanOrEqual(7);
      expect(Math.abs(daysBetween(weekOf(20), eras[2].start))).toBeLessThanOrEqual(7);
      expect(eras[0].start).toBe(START);
      expect(eras[2].end).toBe(weekOf(30));
      expect(eras.every((e) => !e.earlier)).toBe(true);
      expectTiling(eras, periods);
    }
  });

  it('names each era by its own topics, as the periods show them, not by the ones every era shares', () => {
    const eras = segmentEras(history([10, 10, 10], 7), OPTIONS);
    eras.forEach((era, k) => {
      expect(era.keyTopics.length).toBeGreaterThanOrEqual(3);
      expect(era.keyTopics.length).toBeLessThanOrEqual(5);
      expect(era.keyTopics).toContain('weekend');
      const terms = era.theme.split(' · ');
      expect(terms).toHaveLength(3);
      for (const term of terms) expect(THEMES[k]).toContain(term);
    });
  });

  it('finds one era in a history without a shift, and none in an empty one', () => {
    const eras = segmentEras(history([30], 8), OPTIONS);
    expect(eras).toHaveLength(1);
    expect(eras[0]).toMatchObject({ start: START, end: weekOf(30), earlier: false });
    expect(segmentEras([], OPTIONS)).toEqual([]);
  });

  it('merges an era shorter than minDays into its more similar neighbour', () => {
    // Monthly periods: seven on hiking, a February (29 days) of its own that shares "python" with what
    // comes next, then six on programming. Months are about 31 days, so a 30-day minimum is a one-period
    // segment and February is found as an era of its own, too short for 30 days.
    const jitter = normal(seeded(13));
    const month = (k: number, topics: Record<string, number>): EraPeriod => ({
      periodStart: `${2023 + Math.floor((6 + k) / 12)}-${String(((6 + k) % 12) + 1).padStart(2, '0')}-01`,
      periodEnd: `${2023 + Math.floor((7 + k) / 12)}-${String(((7 + k) % 12) + 1).padStart(2, '0')}-01`,
      embedding: null,
      topics: Object.entries(topics).map(([name, weight]) => ({
        name,
        weight: weight * (1 + 0.05 * jitter()),
      })),
    });
    const periods = [
      ...Array.from({ length: 7 }, (_, k) => month(k, { hiking: 0.5, trail: 0.3, camping: 0.2 })),
      month(7, { python: 0.35, baby: 0.35, sleep: 0.3 }),
      ...Array.from({ length: 6 }, (_, k) => month(8 + k, { python: 0.5, compiler: 0.3, debugging: 0.2 })),
    ];
    expect(periods[7].periodStart).toBe('2024-02-01');

    const eras = segmentEras(periods, { ...OPTIONS, minDays: 30 });
    expect(eras.map((e) => e.start)).toEqual(['2023-07-01', '2024-02-01']);
    for (const era of eras) expect(daysBetween(era.start, era.end)).toBeGreaterThanOrEqual(30);
    expectTiling(eras, periods);
    // With a 29-day minimum February stands on its own, so it was the minimum that merged it.
    expect(segmentEras(periods, { ...OPTIONS, minDays: 29 }).map((e) => e.start)).toEqual([
      '2023-07-01',
      '2024-02-01',
      '2024-03-01',
    ]);
  });

  it('makes every era last minDays when that is longer than the eras in the data', () => {
    const long = segmentEras(history([10, 10, 10], 10), { ...OPTIONS, minDays: 100 });
    expect(long.length).toBeLessThanOrEqual(2);
    for (const era of long) expect(daysBetween(era.start, era.end)).toBeGreaterThanOrEqual(100);
  });

  it('keeps at most maxEras distinct and folds the older ones into one earlier era, losing no period', () => {
    const periods = history(new Array(12).fill(4), 11);
    const all = segmentEras(periods, OPTIONS);
    const distinct = all.filter((e) => !e.earlier);
    expect(distinct).toHaveLength(10);
    expect(all).toHaveLength(11);
    expect(all[0]).toMatchObject({ earlier: true, start: START });
    expect(Math.abs(daysBetween(weekOf(8), all[0].end))).toBeLessThanOrEqual(7);
    expectTiling(all, periods);

    const two = segmentEras(periods, { ...OPTIONS, maxEras: 2 });
    expect(two.map((e) => e.earlier)).toEqual([true, false, false]);
    expect(two[0].start).toBe(START);
    expectTiling(two, periods);
  });

  it('does not depend on the order the periods come in', () => {
    const periods = history([10, 10, 10], 12);
    expect(segmentEras([...periods].reverse(), OPTIONS)).toEqual(segmentEras(periods, OPTIONS));
  });
});

describe('updateEras', () => {
  /** Closed eras frozen all the way down, so any attempt to change one throws. */
  function frozen(eras: EraSegment[]): readonly EraSegment[] {
    return Object.freeze(
      eras.map((e) =>
        Object.freeze({
          ...e,
          periodStarts: Object.freeze([...e.periodStarts]),
          keyTopics: Object.freeze([...e.keyTopics]),
        }),
      ),
    ) as readonly EraSegment[];
  }

  /**
   * The distinct closed eras after a step are those before it, less some folded off the front into the
   * earlier era, followed by newly closed ones; nothing else about them may change.
   */
  function expectClosedKept(before: EraSegment[], after: EraSegment[]): void {
    const was = before.filter((e) => !e.earlier);
    const now = after.filter((e) => !e.earlier);
    const folded = [...Array(was.length + 1).keys()].find(
      (k) => JSON.stringify(now.slice(0, was.length - k)) === JSON.stringify(was.slice(k)),
    );
    expect(folded).toBeDefined();
    if (folded) {
      expect(after[0].earlier).toBe(true);
      for (const era of was.slice(0, folded)) {
        for (const start of era.periodStarts) expect(after[0].periodStarts).toContain(start);
      }
    }
  }

  /** Feeds the history one week at a time, as the cycle would, checking the closed eras at every step. */
  function replay(periods: EraPeriod[], options: EraOptions) {
    let closed: EraSegment[] = [];
    let current: EraSegment | null = null;
    for (let i = 1; i <= periods.length; i++) {
      const since = current?.start;
      const window = periods.slice(0, i).filter((p) => since === undefined || p.periodStart >= since);
      const next = updateEras({ closed: frozen(closed), current, periods: window, options });
      expectClosedKept(closed, next.closed);
      closed = next.closed;
      current = next.current;
    }
    return { closed, current: current as EraSegment };
  }

  it('grows the current era, then closes it when a new theme has lasted minDays', () => {
    const periods = history([10, 10, 10], 1);
    const { closed, current } = replay(periods, OPTIONS);
    const eras = [...closed, current];
    expect(eras).toHaveLength(3);
    expect(Math.abs(daysBetween(weekOf(10), eras[1].start))).toBeLessThanOrEqual(7);
    expect(Math.abs(daysBetween(weekOf(20), eras[2].start))).toBeLessThanOrEqual(7);
    expect(current.end).toBe(weekOf(30));
    expectTiling(eras, periods);
  });

  it('returns the closed eras untouched and extends the current one', () => {
    const periods = history([10, 10], 2);
    const closed = [segmentEras(periods.slice(0, 10), OPTIONS)[0]];
    const current = segmentEras(periods.slice(10, 14), OPTIONS)[0];
    const given = frozen(closed);
    const next = updateEras({ closed: given, current, periods: periods.slice(10, 16), options: OPTIONS });
    expect(next.closed).toEqual(closed);
    expect(next.closed[0]).toBe(given[0]);
    expect(next.current.start).toBe(current.start);
    expect(next.current.end).toBe(weekOf(16));
    expect(next.current.periodStarts).toHaveLength(6);
  });

  it('splits the current era only once the new theme has lasted minDays', () => {
    const periods = history([10, 10], 3);
    const start = segmentEras(periods.slice(0, 9), OPTIONS)[0];

    const oneWeekIn = updateEras({
      closed: [],
      current: start,
      periods: periods.slice(0, 11),
      options: OPTIONS,
    });
    expect(oneWeekIn.closed).toEqual([]);
    expect(oneWeekIn.current.start).toBe(START);

    const threeWeeksIn = updateEras({
      closed: [],
      current: start,
      periods: periods.slice(0, 13),
      options: OPTIONS,
    });
    expect(threeWeeksIn.closed).toHaveLength(1);
    expect(threeWeeksIn.closed[0]).toMatchObject({ start: START, end: weekOf(10), earlier: false });
    expect(threeWeeksIn.current).toMatchObject({ start: weekOf(10), end: weekOf(13), earlier: false });
  });

  it('agrees with segmentEras when starting from nothing', () => {
    const periods = history([10, 10, 10], 4);
    const fresh = updateEras({ closed: [], current: null, periods, options: OPTIONS });
    expect([...fresh.closed, fresh.current]).toEqual(segmentEras(periods, OPTIONS));
  });

  it('ignores periods before the current era and keeps the current era when nothing new came', () => {
    const periods = history([10, 10], 5);
    const current = segmentEras(periods.slice(10), OPTIONS)[0];
    const next = updateEras({ closed: [], current, periods, options: OPTIONS });
    expect(next.current.start).toBe(weekOf(10));
    expect(next.current.periodStarts).toEqual(periods.slice(10).map((p) => p.periodStart));
    expect(updateEras({ closed: [], current, periods: [], options: OPTIONS })).toEqual({
      closed: [],
      current,
    });
    expect(() => updateEras({ closed: [], current: null, periods: [], options: OPTIONS })).toThrow(
      RangeError,
    );
  });

  it('folds the oldest closed eras into the earlier era when there are more than maxEras', () => {
    const periods = history([4, 4, 4, 4, 4], 6);
    const options = { ...OPTIONS, maxEras: 2 };
    const { closed, current } = replay(periods, options);
    const eras = [...closed, current];
    expect(eras.filter((e) => !e.earlier)).toHaveLength(2);
    expect(eras[0]).toMatchObject({ earlier: true, start: START });
    expect(eras[0].periodStarts).toEqual(
      periods.slice(0, eras[0].periodStarts.length).map((p) => p.periodStart),
    );
    expect(eras[0].keyTopics.length).toBeGreaterThan(0);
    expect(eras[0].theme.length).toBeGreaterThan(0);
    expect(eras.slice(1).every((e) => !e.earlier)).toBe(true);
    expect(Math.abs(daysBetween(weekOf(12), eras[1].start))).toBeLessThanOrEqual(7);
    expectTiling(eras, periods);
  });
});
