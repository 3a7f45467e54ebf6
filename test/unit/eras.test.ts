import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../seed/generator.js';
import {
  type DaySignal,
  ERA_DETECTOR,
  type EraOptions,
  type EraPeriod,
  type EraSegment,
  previewEras,
  segmentEras,
  updateEras,
  weeksByEra,
} from '../../src/domain/eras.js';
import { speakerNameWords } from '../../src/domain/period-topics.js';
import { addDays, daysBetween } from '../../src/domain/periods.js';
import { themeTermFilter } from '../../src/domain/theme-words.js';

/** A small seeded generator (the demo generator's), so every synthetic series is the same on every run. */
const seeded = mulberry32;

function normal(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const THEMES = [
  ['hiking', 'trail', 'camping', 'tent', 'mountain', 'boot'],
  ['python', 'compiler', 'debugging', 'rust', 'type', 'test'],
  ['baby', 'sleep', 'diaper', 'daycare', 'feeding', 'nursery'],
  ['guitar', 'chord', 'concert', 'amplifier', 'band', 'song'],
];
const SPEAKERS = ['Ana', 'Ben'];
const START = '2024-01-01';
const DIMENSION = 32;

interface HistoryOptions {
  /** Talk on one day in this many (1: every day). */
  every?: number;
  messages?: number;
  /** Spread of each day around its era's centre. */
  noise?: number;
}

/**
 * Daily periods in eras of the given lengths (in calendar days), era k on THEMES[k mod 4]. Each theme has its own
 * topics (three of six a day, plus "weekend", which every theme shares, and a speaker's name, heaviest of all) and
 * its own embedding centre; embeddings are unit vectors scattered around it.
 */
function history(daysPerEra: number[], seed: number, options: HistoryOptions = {}): EraPeriod[] {
  const random = seeded(seed);
  const noise = normal(random);
  const centres = THEMES.map(() => Array.from({ length: DIMENSION }, () => noise()));
  const periods: EraPeriod[] = [];
  let day = 0;
  daysPerEra.forEach((days, era) => {
    const theme = THEMES[era % THEMES.length] as string[];
    const centre = centres[era % THEMES.length] as number[];
    for (let d = 0; d < days; d++, day++) {
      if (day % (options.every ?? 1) !== 0) continue;
      const periodStart = addDays(START, day);
      const raw = centre.map((c) => c / Math.sqrt(DIMENSION) + (options.noise ?? 0.12) * noise());
      const norm = Math.hypot(...raw);
      const picked = [...theme].sort(() => random() - 0.5).slice(0, 3);
      periods.push({
        periodStart,
        periodEnd: addDays(periodStart, 1),
        embedding: raw.map((v) => v / norm),
        topics: [
          { name: 'ana', weight: 1 },
          ...[...picked, 'weekend'].map((name) => ({ name, weight: 0.3 + 0.6 * random() })),
        ],
        messageCount: options.messages ?? 20,
        speakers: SPEAKERS,
      });
    }
  });
  return periods;
}

const keepTerm = themeTermFilter(speakerNameWords(SPEAKERS));
const OPTIONS: EraOptions = { minDays: 14, maxEras: 10, keepTerm };

function dayOf(n: number): string {
  return addDays(START, n);
}

/** Every era ends where the next starts; the first starts with the data and the last ends with it. */
function expectTiling(eras: EraSegment[], periods: EraPeriod[]): void {
  for (let k = 1; k < eras.length; k++) expect(eras[k]?.start).toBe(eras[k - 1]?.end);
  expect(eras[0]?.start).toBe(periods[0]?.periodStart);
  expect(eras.at(-1)?.end).toBe(periods.at(-1)?.periodEnd);
}

function starts(eras: EraSegment[]): string[] {
  return eras.slice(1).map((e) => e.start);
}

describe('segmentEras', () => {
  it('finds planted eras on the day they change', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const periods = history([40, 35, 45], seed);
      const eras = segmentEras(periods, OPTIONS);
      expect(starts(eras)).toEqual([dayOf(40), dayOf(75)]);
      expect(eras.every((e) => !e.earlier)).toBe(true);
      expectTiling(eras, periods);
    }
  });

  it('names each era by its own topics: not the words every era shares, never a speaker', () => {
    const eras = segmentEras(history([40, 35, 45], 7), OPTIONS);
    eras.forEach((era, k) => {
      const terms = era.theme.split(' · ');
      expect(terms).toHaveLength(3);
      for (const term of terms) expect(THEMES[k]).toContain(term);
      expect(era.keyTopics.length).toBeGreaterThanOrEqual(3);
      expect(era.keyTopics.length).toBeLessThanOrEqual(5);
      // Heaviest of all, but the speaker's name is not a topic of the era.
      expect(era.keyTopics).not.toContain('ana');
    });
  });

  it('finds one era in a history without a shift, and none in an empty one', () => {
    const periods = history([120], 8);
    const eras = segmentEras(periods, OPTIONS);
    expect(eras).toHaveLength(1);
    expect(eras[0]).toMatchObject({ start: START, end: dayOf(120), earlier: false });
    expect(segmentEras([], OPTIONS)).toEqual([]);
  });

  it('counts the minimum length in calendar days, however seldom the group talks', () => {
    // One day a week: ten weekly days per era. A row minimum of 14 would allow no era at all.
    const sparse = history([70, 70, 70], 9, { every: 7 });
    const eras = segmentEras(sparse, OPTIONS);
    expect(starts(eras)).toEqual([dayOf(70), dayOf(140)]);
    const long = segmentEras(history([40, 35, 45], 10), { ...OPTIONS, minDays: 50 });
    expect(long.length).toBeLessThanOrEqual(2);
    for (const era of long) expect(daysBetween(era.start, era.end)).toBeGreaterThanOrEqual(50);
  });

  it('pools thin days, so a group that says little a day still shows its eras', () => {
    // Two messages a day, each day far from its era's centre: alone, a day says little.
    const thin = history([60, 60], 11, { messages: 2, noise: 0.3 });
    const eras = segmentEras(thin, OPTIONS);
    expect(eras).toHaveLength(2);
    expect(Math.abs(daysBetween(dayOf(60), eras[1]?.start as string))).toBeLessThanOrEqual(7);
  });

  it('does not make an era of a shift too slight to matter, however long it lasts', () => {
    // The same theme throughout, but half way the embeddings move a little and stay there (a new member's
    // words): detectable over four hundred days, not a change of subject.
    const periods = history([400], 12);
    const drifted = periods.map((p, i) =>
      i < 200 ? p : { ...p, embedding: (p.embedding as number[]).map((v, j) => (j === 0 ? v + 0.13 : v)) },
    );
    expect(segmentEras(drifted, OPTIONS)).toHaveLength(1);
    expect(segmentEras(drifted, { ...OPTIONS, minShift: 0 }).length).toBeGreaterThan(1);
  });

  it('takes a long silence as evidence: a slight move of subject after one is a boundary, without one it is not', () => {
    // Forty days on one subject, then twenty about a quarter of the way towards another: with a month of silence
    // between them, or none.
    const series = (silence: number) => {
      const random = seeded(1);
      const noise = normal(random);
      const [a, b] = [0, 1].map(() => Array.from({ length: 32 }, () => noise())) as [number[], number[]];
      return Array.from({ length: 60 }, (_, i) => {
        const day = i < 40 ? i : i + silence;
        const t = i < 40 ? 0 : 0.255;
        return {
          periodStart: dayOf(day),
          periodEnd: dayOf(day + 1),
          embedding: a.map((v, j) => ((1 - t) * v + t * (b[j] as number)) / Math.sqrt(32) + 0.15 * noise()),
          topics: [],
          messageCount: 20,
        };
      });
    };
    expect(starts(segmentEras(series(30), OPTIONS))).toEqual([dayOf(70)]);
    expect(segmentEras(series(30), { ...OPTIONS, silenceWeight: 0 })).toHaveLength(1);
    expect(segmentEras(series(0), OPTIONS)).toHaveLength(1);
  });

  it('keeps at most maxEras distinct and folds the older ones into one earlier era', () => {
    const periods = history(new Array(12).fill(28), 13);
    const all = segmentEras(periods, OPTIONS);
    expect(all.filter((e) => !e.earlier)).toHaveLength(10);
    expect(all).toHaveLength(11);
    expect(all[0]).toMatchObject({ earlier: true, start: START, end: dayOf(56) });
    expect(all[0]?.theme.length).toBeGreaterThan(0);
    expectTiling(all, periods);
    expect(segmentEras(periods, { ...OPTIONS, maxEras: 2 }).map((e) => e.earlier)).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('does not depend on the order the periods come in', () => {
    const periods = history([40, 35, 45], 14);
    expect(segmentEras([...periods].reverse(), OPTIONS)).toEqual(segmentEras(periods, OPTIONS));
  });
});

describe('updateEras', () => {
  /** Closed eras frozen all the way down, so any attempt to change one throws. */
  function frozen(eras: EraSegment[]): readonly EraSegment[] {
    return Object.freeze(
      eras.map((e) => Object.freeze({ ...e, keyTopics: Object.freeze([...e.keyTopics]) as string[] })),
    );
  }

  /** The distinct closed eras after a step are those before it (less any folded into the earlier era) and new ones. */
  function expectClosedKept(before: EraSegment[], after: EraSegment[]): void {
    const was = before.filter((e) => !e.earlier);
    const now = after.filter((e) => !e.earlier);
    const folded = [...Array(was.length + 1).keys()].find(
      (k) => JSON.stringify(now.slice(0, was.length - k)) === JSON.stringify(was.slice(k)),
    );
    expect(folded).toBeDefined();
    if (folded) expect(after[0]?.earlier).toBe(true);
  }

  /** Feeds the history one day at a time, as the cycle does, checking the closed eras at every step. */
  function replay(periods: EraPeriod[], options: EraOptions) {
    let closed: EraSegment[] = [];
    let current: EraSegment | null = null;
    for (let i = 1; i <= periods.length; i++) {
      const next = updateEras({ closed: frozen(closed), current, periods: periods.slice(0, i), options });
      expectClosedKept(closed, next.closed);
      closed = next.closed;
      current = next.current;
    }
    return [...closed, current as EraSegment];
  }

  it('day by day, closes each era where the subject changed and ends where one cycle over everything does', () => {
    const periods = history([40, 35, 45], 15);
    const eras = replay(periods, OPTIONS);
    expect(starts(eras)).toEqual([dayOf(40), dayOf(75)]);
    expect(eras.map((e) => [e.start, e.end])).toEqual(
      segmentEras(periods, OPTIONS).map((e) => [e.start, e.end]),
    );
    expectTiling(eras, periods);
  });

  it('leaves a new subject in the current era until the minimum no longer pins where it starts', () => {
    const periods = history([40, 40], 16);
    const current = segmentEras(periods.slice(0, 35), OPTIONS)[0] as EraSegment;
    const daysIn = (days: number) =>
      updateEras({ closed: [], current, periods: periods.slice(0, 40 + days), options: OPTIONS });
    // Ten or twelve days in, the best cut a 14-day minimum allows is a few days early: not yet.
    expect(daysIn(10).closed).toEqual([]);
    expect(daysIn(12).closed).toEqual([]);
    // Fifteen days in, the cut falls where the subject changed, inside what the minimum allows.
    const settled = daysIn(15);
    expect(settled.closed).toHaveLength(1);
    expect(settled.closed[0]).toMatchObject({ start: START, end: dayOf(40), earlier: false });
    expect(settled.current).toMatchObject({ start: dayOf(40), end: dayOf(55), earlier: false });
  });

  it('returns the closed eras untouched and extends the current one', () => {
    const periods = history([40, 40], 17);
    const closed = segmentEras(periods.slice(0, 40), OPTIONS);
    const current = segmentEras(periods.slice(40, 50), OPTIONS)[0] as EraSegment;
    const given = frozen(closed);
    const next = updateEras({ closed: given, current, periods: periods.slice(0, 60), options: OPTIONS });
    expect(next.closed).toEqual(closed);
    expect(next.closed[0]).toBe(given[0]);
    expect(next.current).toMatchObject({ start: dayOf(40), end: dayOf(60) });
  });

  it('finds boundaries only after the current era starts, but contrasts themes with the whole history', () => {
    const periods = history([40, 40], 18);
    const current = segmentEras(periods.slice(40), OPTIONS)[0] as EraSegment;
    const closed = segmentEras(periods.slice(0, 40), OPTIONS);
    const next = updateEras({ closed, current, periods, options: OPTIONS });
    expect(next.current.start).toBe(dayOf(40));
    for (const term of next.current.theme.split(' · ')) expect(THEMES[1]).toContain(term);
    expect(updateEras({ closed: [], current, periods: [], options: OPTIONS })).toEqual({
      closed: [],
      current,
    });
    expect(() => updateEras({ closed: [], current: null, periods: [], options: OPTIONS })).toThrow(
      RangeError,
    );
  });

  it('folds the oldest closed eras into the earlier era when there are more than maxEras', () => {
    const periods = history([28, 28, 28, 28, 28], 19);
    const eras = replay(periods, { ...OPTIONS, maxEras: 2 });
    expect(eras.filter((e) => !e.earlier)).toHaveLength(2);
    expect(eras[0]).toMatchObject({ earlier: true, start: START, end: dayOf(84) });
    expect(eras[0]?.keyTopics.length).toBeGreaterThan(0);
    expectTiling(eras, periods);
  });
});

describe('weeksByEra', () => {
  it('gives each week to the era its Thursday falls in, older weeks to the first era', () => {
    // Mondays 2024-01-01 (Thursday 01-04), 01-08 (01-11), 01-15 (01-18); eras from Wednesday 01-03 and Friday 01-12.
    const weeks = ['2024-01-15', '2024-01-01', '2024-01-08', '2023-12-25'];
    const eras = [{ start: '2024-01-03' }, { start: '2024-01-12' }];
    expect(weeksByEra(weeks, eras)).toEqual([['2023-12-25', '2024-01-01', '2024-01-08'], ['2024-01-15']]);
    expect(weeksByEra(weeks, [])).toEqual([]);
  });
});

describe('previewEras', () => {
  /** The synthetic history as the day rows the graph returns. */
  const asDays = (periods: EraPeriod[]): DaySignal[] =>
    periods.map((p) => ({
      day: p.periodStart,
      messageCount: p.messageCount ?? null,
      topics: p.topics.map((t) => t.name),
      topicWeights: p.topics.map((t) => t.weight),
      activeUsers: [...(p.speakers ?? [])],
      embedding: p.embedding,
    }));

  it('gives the eras, the parameters used, the data cut and ruptures-style breakpoints', () => {
    const rows = asDays(history([40, 35, 45], 3));
    const preview = previewEras(rows, {}, { minDays: 14, maxEras: 10 });
    expect(preview.eras.map((e) => e.start)).toEqual([dayOf(0), dayOf(40), dayOf(75)]);
    expect(preview.eras.map((e) => e.current)).toEqual([false, false, true]);
    // Each era's end as an index into the 120 days, the last being their number, as ruptures returns them.
    expect(preview.breakpoints).toEqual([40, 75, 120]);
    expect(preview.cut).toEqual({ from: dayOf(0), to: dayOf(119), days: 120, messages: 2400 });
    expect(preview.parameters).toEqual({
      minDays: 14,
      maxEras: 10,
      penalty: null,
      minPeriods: 3,
      minMessages: 8,
      silenceWeight: 0.1,
      minShift: 0.1,
      signal: 'embeddings',
    });
    expect(preview.detector).toBe(ERA_DETECTOR);
    // The same data and parameters, the same eras; other parameters, others.
    expect(previewEras(rows, {}, { minDays: 14, maxEras: 10 })).toEqual(preview);
    expect(previewEras(rows, { minDays: 50 }, { minDays: 14, maxEras: 10 }).eras.length).toBeLessThan(3);
    expect(previewEras([], {}, { minDays: 14, maxEras: 10 })).toMatchObject({ eras: [], breakpoints: [] });
  });
});
