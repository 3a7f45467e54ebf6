/**
 * Eras: long stretches of a group's history with a stable theme, found by change-point detection on the series
 * of its days (their content vectors), not by asking a model where themes change. The day series
 * covers the whole history; thin days are pooled with their neighbours, a minimum era length is counted in
 * calendar days, and a long silence makes a boundary cheaper.
 */
import { defaultPenalty, detectChangePoints, estimateNoise } from './changepoints.js';
import type { EraParameters, EraPreview } from './era.js';
import { type EraBackground, extendBackground, NO_ERA_BACKGROUND } from './era-background.js';
import {
  binPeriods,
  type EraBin,
  type EraPeriod,
  type EraSignalKind,
  eraVocabulary,
  featuresOf,
  seriesEnd,
  silencePenaltyFactors,
  sortPeriods,
} from './era-series.js';
import { describeEras, type ThemeBackground } from './era-themes.js';
import { speakerNameWords } from './period-topics.js';
import { addDays, daysBetween } from './periods.js';
import { themeTermFilter } from './theme-words.js';
import { compareNames } from './topics.js';

export type { EraPeriod } from './era-series.js';

export interface EraSegment {
  start: string;
  /** Exclusive. Eras tile time: each ends where the next begins, the last where its last period ends. */
  end: string;
  /** 3-5 normalised topic names with the most weight over the era, heaviest first. */
  keyTopics: string[];
  /** The era's most distinctive terms against the rest of the history, joined by " · ". */
  theme: string;
  /** True for the one era that holds everything older than the eras kept distinct. */
  earlier: boolean;
}

export interface EraOptions {
  /** Shortest era, in calendar days. */
  minDays: number;
  /** Eras kept distinct; older ones merge into one `earlier` era, so there are at most maxEras + 1. */
  maxEras: number;
  /** Change-point penalty in squared feature distance; default `defaultPenalty` of the feature rows. */
  penalty?: number;
  /** Fewest rows (pooled periods) in an era, however long it lasts: a boundary needs a few periods behind it. */
  minPeriods?: number;
  /** Periods with fewer messages are pooled with the next ones (within a week) into one row. */
  minMessages?: number;
  /** How much cheaper a boundary after a long silence is, 0..1 (see silencePenaltyFactors). */
  silenceWeight?: number;
  /** Smallest shift between neighbouring eras, as a share of one row's noise (see mergeSlightShifts). */
  minShift?: number;
  /** Which topic names may describe an era (and count as features); by default all. */
  keepTerm?: (term: string) => boolean;
  /** What the detector reads of each day: content vectors (default), topics, or both (see featuresOf). */
  signal?: EraSignalKind;
}

export interface EraState {
  closed: EraSegment[];
  current: EraSegment;
}

export const ERA_DEFAULTS = {
  minPeriods: 3,
  minMessages: 8,
  silenceWeight: 0.1,
  minShift: 0.1,
  signal: 'embeddings',
} as const;

/** Names the rule below; a change to what it computes from the same data and parameters gets a new version. */
export const ERA_DETECTOR = 'strata-pelt/1';

/**
 * A boundary found with the newest period is kept only when one is also found without it, on the same period or
 * a neighbouring one (or within this many days): a closed era can never be corrected, so a boundary that moves
 * further or vanishes with one more day is not yet settled. Where a group talks once a week, the neighbouring
 * period is a week away, and a weak change may fairly sit on either.
 */
const CONFIRM_TOLERANCE_DAYS = 7;

/**
 * The share of the change-point module's default penalty that eras use. That penalty is a tail bound, loose for
 * text features: on day series with no change in them (the days of one LoCoMo conversation or one planted demo
 * era, shuffled; 1,320 series of 19 to 300 rows) it raised no false alarm down to 0.8 of itself. The weakest
 * LoCoMo joins (two conversations that both talk family, work and hobbies) sit close to it: over the dev
 * conversations in ten orders and combinations (20 joins), 0.85 found every join, 0.9 missed 1, 0.95 missed 4;
 * on 45 demo groups (305 planted boundaries) 0.85 added 5 boundaries that were not planted, 0.9 added 4, 0.95 3.
 */
const PENALTY_SCALE = 0.85;

/** A run of bins [from, to) of a sorted bin list. */
interface Range {
  from: number;
  to: number;
}

function dayNumber(date: string): number {
  return daysBetween('1970-01-01', date.slice(0, 10));
}

/**
 * For each start bin, the first end bin at which an era starting there is long enough: at least minPeriods rows
 * and minDays calendar days, counted to where the next era would begin (or to the end of the data).
 */
function earliestEnds(bins: readonly EraBin[], minDays: number, minPeriods: number): number[] {
  const n = bins.length;
  const edge = (t: number) => dayNumber(t < n ? (bins[t] as EraBin).periodStart : seriesEnd(bins));
  const ends: number[] = [];
  let t = 0;
  for (let s = 0; s <= n; s++) {
    t = Math.max(t, s + minPeriods);
    while (t <= n && s < n && edge(t) - dayNumber((bins[s] as EraBin).periodStart) < minDays) t++;
    ends.push(s < n ? t : n + 1);
  }
  return ends;
}

/** The feature rows of the bins and the noise read from them: what the era ranges of one set of bins start from. */
interface BinSeries {
  rows: number[][];
  noise: ReturnType<typeof estimateNoise>;
}

function binSeries(bins: readonly EraBin[], options: EraOptions): BinSeries {
  const keep = options.keepTerm ?? (() => true);
  const rows = featuresOf(bins, eraVocabulary(bins, keep), options.signal);
  return { rows, noise: estimateNoise(rows) };
}

/**
 * Era ranges over the bins of sorted periods: change points under the length rules and silence evidence. `series`
 * is the bins' (binSeries), passed in when the same bins are cut twice.
 */
function findRanges(
  bins: readonly EraBin[],
  options: EraOptions,
  shortLast = false,
  series?: BinSeries,
): Range[] {
  if (bins.length === 0) return [];
  const { rows, noise } = series ?? binSeries(bins, options);
  const minPeriods = options.minPeriods ?? ERA_DEFAULTS.minPeriods;
  const strict = earliestEnds(bins, options.minDays, minPeriods);
  const n = bins.length;
  // With shortLast, an era ending with the data needs only minPeriods rows: its start may be any row that leaves them.
  const ends = shortLast
    ? strict.map((end, s) => (end <= n ? end : n - s >= minPeriods ? n : n + 1))
    : strict;
  const factors = silencePenaltyFactors(bins, options.silenceWeight ?? ERA_DEFAULTS.silenceWeight);
  const cuts = detectChangePoints(rows, {
    minSegment: 1,
    penalty: options.penalty ?? PENALTY_SCALE * defaultPenalty(rows, noise),
    earliestEnd: (s) => ends[s] ?? bins.length + 1,
    penaltyFactor: (t) => factors[t] ?? 1,
  });
  const bounds = [0, ...cuts, bins.length];
  const ranges = bounds.slice(1).map((to, k) => ({ from: bounds[k] as number, to }));
  return mergeSlightShifts(rows, ranges, noise.total * (options.minShift ?? ERA_DEFAULTS.minShift));
}

function meanRow(rows: readonly number[][], range: Range): number[] {
  const width = rows[range.from]?.length ?? 0;
  const mean = new Array<number>(width).fill(0);
  for (let i = range.from; i < range.to; i++) {
    const row = rows[i] as number[];
    for (let j = 0; j < width; j++) mean[j] += row[j] as number;
  }
  return mean.map((v) => v / (range.to - range.from));
}

function squaredDistance(a: readonly number[], b: readonly number[]): number {
  return a.reduce((s, v, j) => s + (v - (b[j] as number)) ** 2, 0);
}

/**
 * Drops the boundaries between found eras whose mean rows differ (squared distance) by less than `smallest`:
 * minShift times the noise of one row (its total variance). Given enough days, change-point detection finds any lasting shift, however slight: a
 * member joining shifts the words a little for good. An era is a change of subject, large next to the day-to-day
 * variation, not merely a detectable one. Each boundary is judged once, against the eras as found: merging one
 * pair and judging again would compare mixtures, which look alike, and could undo every boundary in turn.
 */
function mergeSlightShifts(rows: readonly number[][], found: readonly Range[], smallest: number): Range[] {
  if (!(smallest > 0)) return [...found];
  const means = found.map((r) => meanRow(rows, r));
  const kept: Range[] = [];
  found.forEach((range, k) => {
    const last = kept[kept.length - 1];
    const slight = k > 0 && squaredDistance(means[k - 1] as number[], means[k] as number[]) < smallest;
    if (last && slight) last.to = range.to;
    else kept.push({ ...range });
  });
  return kept;
}

function binsOf(periods: readonly EraPeriod[], options: EraOptions): EraBin[] {
  return binPeriods(periods, options.minMessages ?? ERA_DEFAULTS.minMessages);
}

/** Era start dates in sorted periods; the first is the first period's start. */
function eraStarts(periods: readonly EraPeriod[], options: EraOptions): string[] {
  return startsOf(binsOf(periods, options), options);
}

function startsOf(
  bins: readonly EraBin[],
  options: EraOptions,
  shortLast = false,
  series?: BinSeries,
): string[] {
  return findRanges(bins, options, shortLast, series).map((r) => (bins[r.from] as EraBin).periodStart);
}

/**
 * Era starts that are settled: each also found (nearby: CONFIRM_TOLERANCE_DAYS) without the newest period, and the
 * newest one also found, on the same period, with the newest era free to be short (minPeriods, however few
 * days): otherwise the minimum may have pinned it. With ten days of a new subject and a fourteen-day minimum, the
 * best cut the rules allow is four days early, and it moves a day later with every new day; freed, the cut goes
 * where the subject changed. With a few days of a new theme the cut can still
 * move, and a closed era can never be corrected. Unsettled starts are dropped, so their eras stay joined to the
 * one before until a later cycle settles them.
 */
function confirmedStarts(window: readonly EraPeriod[], options: EraOptions): string[] {
  // The window is cut twice, with and without a short last era: its bins, rows and noise are read once.
  const bins = binsOf(window, options);
  const series = bins.length > 0 ? binSeries(bins, options) : undefined;
  const found = startsOf(bins, options, false, series);
  if (found.length < 2) return found;
  const before = eraStarts(window.slice(0, -1), options).slice(1);
  const free = startsOf(bins, options, true, series).slice(1);
  const order = new Map(window.map((p, i) => [p.periodStart, i]));
  const near = (a: string, b: string) =>
    Math.abs(daysBetween(a, b)) <= CONFIRM_TOLERANCE_DAYS ||
    Math.abs((order.get(a) ?? Number.NaN) - (order.get(b) ?? Number.NaN)) <= 1;
  return found.filter((start, k) => {
    if (k === 0) return true;
    if (k === found.length - 1 && !free.includes(start)) return false;
    return before.some((b) => near(b, start));
  });
}

/** Eras tiling [first start, end of data) from their starts. */
function tile(
  starts: readonly string[],
  periods: readonly EraPeriod[],
  firstStart?: string,
): { start: string; end: string }[] {
  const end = seriesEnd(periods);
  return starts.map((start, k) => ({
    start: k === 0 && firstStart !== undefined ? firstStart : start,
    end: starts[k + 1] ?? end,
  }));
}

function checkOptions(options: EraOptions): void {
  if (!(options.minDays >= 0)) throw new RangeError(`minDays must be >= 0, got ${options.minDays}`);
  if (!(Number.isInteger(options.maxEras) && options.maxEras >= 1)) {
    throw new RangeError(`maxEras must be an integer >= 1, got ${options.maxEras}`);
  }
}

/**
 * Eras over a whole period series, oldest first, described against all of it; all but the newest maxEras are
 * merged into one `earlier` era. A series spanning less than minDays is one (short) era.
 */
export function segmentEras(periods: readonly EraPeriod[], options: EraOptions): EraSegment[] {
  checkOptions(options);
  const sorted = sortPeriods(periods);
  if (sorted.length === 0) return [];
  const bounds = tile(eraStarts(sorted, options), sorted);
  const keep = options.keepTerm ?? (() => true);
  const eras = describeEras(sorted, bounds, keep).map((d, k) => ({
    ...(bounds[k] as { start: string; end: string }),
    ...d,
    earlier: false,
  }));
  return foldOldest(eras, options.maxEras);
}

/** Folds the oldest eras into one `earlier` era, its key topics ranked over theirs by rank and length. */
function mergeIntoEarlier(eras: readonly EraSegment[]): EraSegment {
  const weights = new Map<string, number>();
  for (const era of eras) {
    const k = era.keyTopics.length;
    const days = Math.max(1, daysBetween(era.start, era.end));
    era.keyTopics.forEach((name, i) => {
      weights.set(name, (weights.get(name) ?? 0) + ((k - i) / k) * days);
    });
  }
  const keyTopics = [...weights]
    .sort((a, b) => b[1] - a[1] || compareNames(a[0], b[0]))
    .slice(0, 5)
    .map(([name]) => name);
  return {
    start: (eras[0] as EraSegment).start,
    end: (eras[eras.length - 1] as EraSegment).end,
    keyTopics,
    theme: keyTopics.slice(0, 3).join(' · '),
    earlier: true,
  };
}

/** While more than maxEras eras are distinct, the oldest distinct one joins the `earlier` era (made when needed). */
function foldOldest(input: readonly EraSegment[], maxEras: number): EraSegment[] {
  const eras = [...input];
  while (eras.filter((e) => !e.earlier).length > maxEras) {
    const firstDistinct = eras.findIndex((e) => !e.earlier);
    // The earlier era, when there is one, is always first, so it and the oldest distinct era are adjacent.
    eras.splice(0, firstDistinct + 1, mergeIntoEarlier(eras.slice(0, firstDistinct + 1)));
  }
  return eras;
}

/**
 * One step of the incremental rule. `periods` holds the group's periods, at least those from the current era's
 * start (earlier ones only serve as background for themes). Closed eras are returned as given; the current era is
 * re-segmented with the new periods and either grows or splits, its older parts closing. A split needs the new
 * part to last minDays and its boundary to hold without the newest period too (`confirmedStarts`). Then, while
 * more than maxEras eras are distinct, the oldest distinct closed era is folded into the `earlier` era (created
 * when needed), the only change a closed era ever sees.
 */
export function updateEras(input: {
  closed: readonly EraSegment[];
  current: EraSegment | null;
  periods: readonly EraPeriod[];
  options: EraOptions;
  /** The periods before those given, when they do not start with the group's first (see era-background.ts). */
  background?: ThemeBackground;
}): EraState {
  const { closed, current, options } = input;
  checkOptions(options);
  const sorted = sortPeriods(input.periods);
  const windowStart = current?.start ?? closed[closed.length - 1]?.end;
  const window = sorted.filter((p) => windowStart === undefined || p.periodStart >= windowStart);
  let eras: EraSegment[];
  if (window.length === 0) {
    if (!current) throw new RangeError('updateEras needs at least one period when there is no current era');
    eras = [...closed, current];
  } else {
    const bounds = tile(confirmedStarts(window, options), window, windowStart);
    const keep = options.keepTerm ?? (() => true);
    // Closed eras keep their words: only the window's new bounds are described.
    const described = describeEras(sorted, bounds, keep, input.background);
    eras = [
      ...closed,
      ...bounds.map((b, k) => ({ ...b, ...(described[k] as object), earlier: false }) as EraSegment),
    ];
  }
  const folded = foldOldest(eras, options.maxEras);
  return { closed: folded.slice(0, -1), current: folded[folded.length - 1] as EraSegment };
}

/**
 * The week summaries each era holds: a week goes to the era its Thursday falls in (where most of its days are, as
 * a week belongs to the month of its Thursday), to the first era when it is older than all of them, so every week
 * has exactly one era even when eras start mid-week. `eras` are in time order.
 */
export function weeksByEra(weekStarts: readonly string[], eras: readonly { start: string }[]): string[][] {
  const out = eras.map((): string[] => []);
  for (const week of [...weekStarts].sort(compareNames)) {
    const thursday = addDays(week, 3);
    let k = 0;
    while (k + 1 < eras.length && (eras[k + 1] as { start: string }).start <= thursday) k++;
    out[k]?.push(week);
  }
  return out;
}

/** What the detector reads of one day summary (graph/eras.ts DayRow has these fields). */
export interface DaySignal {
  /** YYYY-MM-DD */
  day: string;
  messageCount: number | null;
  topics: string[] | null;
  topicWeights: number[] | null;
  activeUsers: string[] | null;
  embedding: number[] | null;
}

/** A day summary as one period of the era series. */
export function eraPeriodOf(row: DaySignal): EraPeriod {
  return {
    periodStart: row.day,
    periodEnd: addDays(row.day, 1),
    embedding: row.embedding,
    topics: (row.topics ?? []).map((name, i) => ({ name, weight: row.topicWeights?.[i] ?? 0 })),
    messageCount: row.messageCount,
    speakers: row.activeUsers ?? [],
  };
}

/** Which topic names may describe an era of these days (and the background's): not the speakers' own names. */
export function eraTermFilter(
  rows: readonly DaySignal[],
  background: EraBackground = NO_ERA_BACKGROUND,
): (term: string) => boolean {
  return themeTermFilter(
    speakerNameWords([...background.speakers, ...rows.flatMap((d) => d.activeUsers ?? [])]),
  );
}

/**
 * The background of the era starting at `start`: `background` (the days before `rows`) with the rows before
 * `start` added. The current era's, kept so that the next cycles read only its days (see era-background.ts).
 */
export function backgroundBefore(
  start: string,
  rows: readonly DaySignal[],
  background: EraBackground,
  keep: (term: string) => boolean,
): EraBackground {
  return extendBackground(background, rows.filter((r) => r.day < start).map(eraPeriodOf), keep);
}

/**
 * The eras the cycle's rule gives a whole day series at once: `updateEras` with no era before it, as the first cycle
 * after an import computes them. What-if detection runs this with other options; nothing is written.
 */
export function erasFromScratch(
  rows: readonly DaySignal[],
  options: Omit<EraOptions, 'keepTerm'>,
): EraState | null {
  if (rows.length === 0) return null;
  return updateEras({
    closed: [],
    current: null,
    periods: rows.map(eraPeriodOf),
    options: { ...options, keepTerm: eraTermFilter(rows) },
  });
}

/** Every parameter of a run: those given, else the server's settings, else the detector's defaults. */
export function resolveEraParameters(
  given: EraParameters,
  settings: { minDays: number; maxEras: number },
): EraPreview['parameters'] {
  return {
    minDays: given.minDays ?? settings.minDays,
    maxEras: given.maxEras ?? settings.maxEras,
    penalty: given.penalty ?? null,
    minPeriods: given.minPeriods ?? ERA_DEFAULTS.minPeriods,
    minMessages: given.minMessages ?? ERA_DEFAULTS.minMessages,
    silenceWeight: given.silenceWeight ?? ERA_DEFAULTS.silenceWeight,
    minShift: given.minShift ?? ERA_DEFAULTS.minShift,
    signal: given.signal ?? ERA_DEFAULTS.signal,
  };
}

/** The detector's options for those parameters (a null penalty: read from the noise of the series). */
export function eraOptionsOf(parameters: EraPreview['parameters']): Omit<EraOptions, 'keepTerm'> {
  const { penalty, ...rest } = parameters;
  return penalty === null ? rest : { ...rest, penalty };
}

/**
 * What-if detection: the eras a day series gives with these parameters (see resolveEraParameters). The same rule as
 * the cycle's, on the whole series at once.
 */
export function previewEras(
  rows: readonly DaySignal[],
  given: EraParameters,
  settings: { minDays: number; maxEras: number },
): EraPreview {
  const parameters = resolveEraParameters(given, settings);
  const state = erasFromScratch(rows, eraOptionsOf(parameters));
  const segments = state ? [...state.closed, state.current] : [];
  const days = rows.map((r) => r.day).sort();
  return {
    parameters,
    detector: ERA_DETECTOR,
    cut: dataCut(rows),
    // ruptures' convention: each segment's end as an index into the series, exclusive; the last is its length.
    breakpoints: segments.map((segment) => {
      const after = days.findIndex((day) => day >= segment.end);
      return after < 0 ? days.length : after;
    }),
    eras: segments.map((segment, k) => ({
      start: segment.start,
      end: segment.end,
      theme: segment.theme,
      keyTopics: segment.keyTopics,
      current: k === segments.length - 1,
      earlier: segment.earlier,
    })),
  };
}

/** The data a run read (the background's days, then the rows): first and last day, how many days and messages. */
export function dataCut(
  rows: readonly DaySignal[],
  background: EraBackground = NO_ERA_BACKGROUND,
): EraPreview['cut'] {
  const days = rows.map((r) => r.day).sort();
  return {
    from: background.from ?? days[0] ?? null,
    to: days.at(-1) ?? null,
    days: background.periods + days.length,
    messages: background.messages + rows.reduce((sum, r) => sum + (r.messageCount ?? 0), 0),
  };
}
