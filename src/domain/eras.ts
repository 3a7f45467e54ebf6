/**
 * Eras: long stretches of a group's history with a stable theme, found by change-point detection on the
 * series of period summaries (their embeddings and topics), not by asking a model where themes change.
 */
import { detectChangePoints } from './changepoints.js';
import { topicDistribution } from './drift.js';
import { compareNames, mergeTopics, normalizeTopic, type WeightedTopic } from './topics.js';

export interface EraPeriod {
  /** YYYY-MM-DD */
  periodStart: string;
  /** Exclusive, YYYY-MM-DD */
  periodEnd: string;
  embedding: number[] | null;
  topics: WeightedTopic[];
}

export interface EraSegment {
  start: string;
  /** Exclusive. Eras tile time: each ends where the next begins, the last where its last period ends. */
  end: string;
  periodStarts: string[];
  /** 3-5 topics with the most weight over the era, heaviest first, named as the periods show them. */
  keyTopics: string[];
  /** The era's most distinctive topics against the other eras, joined by " · ". */
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
}

export interface EraState {
  closed: EraSegment[];
  current: EraSegment;
}

/** Topic names that become feature columns, the heaviest over the series. More adds noise, not signal. */
const VOCABULARY_SIZE = 48;
const MAX_KEY_TOPICS = 5;
const MIN_KEY_TOPICS = 3;
const THEME_TERMS = 3;
/** Smoothing for the theme's log ratio, so a term absent from the other eras does not score infinitely. */
const THEME_SMOOTHING = 0.01;
const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  const ms = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return Math.round(ms / DAY_MS);
}

function sortPeriods(periods: readonly EraPeriod[]): EraPeriod[] {
  return [...periods].sort((a, b) => compareNames(a.periodStart, b.periodStart));
}

/** Sum of each period's topic distribution, so every period counts the same however many topics it has. */
function summedTopics(periods: readonly EraPeriod[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const p of periods) {
    for (const [name, w] of topicDistribution(p.topics)) sums.set(name, (sums.get(name) ?? 0) + w);
  }
  return sums;
}

/**
 * Normalised topic name to the name periods show for it ("Lisbon", "seating plan"): the one that carried the most
 * weight over the periods, so an era's key topics and theme read as its weeks do.
 */
function displayNames(periods: readonly EraPeriod[]): Map<string, string> {
  const best = new Map<string, { name: string; weight: number }>();
  for (const p of periods) {
    for (const t of mergeTopics(p.topics)) {
      const key = normalizeTopic(t.name);
      const seen = best.get(key);
      if (!seen || t.weight > seen.weight) best.set(key, t);
    }
  }
  return new Map([...best].map(([key, t]) => [key, t.name]));
}

function byWeight(weights: ReadonlyMap<string, number>): string[] {
  return [...weights].sort((a, b) => b[1] - a[1] || compareNames(a[0], b[0])).map(([name]) => name);
}

/** The heaviest topics over all periods: the default feature vocabulary. */
export function eraVocabulary(periods: readonly EraPeriod[], size = VOCABULARY_SIZE): string[] {
  return byWeight(summedTopics(periods)).slice(0, size);
}

function unit(vector: readonly number[]): number[] | null {
  const norm = Math.hypot(...vector);
  return norm > 0 && Number.isFinite(norm) ? vector.map((v) => v / norm) : null;
}

/** Rows with a gap (null) filled with the mean of the others, which adds no change of its own. */
function fillGaps(rows: (number[] | null)[]): number[][] | null {
  const present = rows.filter((r): r is number[] => r !== null);
  if (present.length === 0) return null;
  const mean = present[0].map((_, j) => present.reduce((s, r) => s + r[j], 0) / present.length);
  return rows.map((r) => r ?? mean);
}

function embeddingBlock(periods: readonly EraPeriod[]): number[][] | null {
  // Periods embedded by another model (another size) cannot be compared; the common size wins.
  const counts = new Map<number, number>();
  for (const p of periods) {
    if (p.embedding?.length) counts.set(p.embedding.length, (counts.get(p.embedding.length) ?? 0) + 1);
  }
  const size = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
  if (size === undefined) return null;
  return fillGaps(periods.map((p) => (p.embedding?.length === size ? unit(p.embedding) : null)));
}

function topicBlock(periods: readonly EraPeriod[], vocabulary: readonly string[]): number[][] | null {
  const names = [...new Set(vocabulary.map(normalizeTopic).filter(Boolean))];
  return fillGaps(
    periods.map((p) => {
      const dist = topicDistribution(p.topics);
      if (dist.size === 0) return null;
      const inVocabulary = names.map((name) => dist.get(name) ?? 0);
      const outside = Math.max(0, 1 - inVocabulary.reduce((a, b) => a + b, 0));
      return [...inVocabulary, outside].map(Math.sqrt);
    }),
  );
}

/**
 * Feature rows for change-point detection, one per period (in the order given): the embedding scaled to unit
 * length, then the square roots of the topic distribution over the vocabulary plus one column for the mass
 * outside it. Square roots make the topic part a unit vector too (its distances are Hellinger distances),
 * so each part puts two periods that share nothing (orthogonal embeddings, disjoint topics) sqrt(2) apart
 * and neither dominates, whatever the embedding's dimension or the vocabulary's size. A period without an embedding (or topics) gets the mean
 * of the others for that part; a part that no period has is left out.
 */
export function featuresOf(periods: readonly EraPeriod[], vocabulary?: readonly string[]): number[][] {
  const embedding = embeddingBlock(periods);
  const topics = topicBlock(periods, vocabulary ?? eraVocabulary(periods));
  return periods.map((_, i) => [...(embedding?.[i] ?? []), ...(topics?.[i] ?? [])]);
}

/** A run of periods [from, to) in a sorted period list. */
interface Range {
  from: number;
  to: number;
}

function medianPeriodDays(periods: readonly EraPeriod[]): number {
  const days = periods.map((p) => dayNumber(p.periodEnd) - dayNumber(p.periodStart)).sort((a, b) => a - b);
  return Math.max(1, days[Math.floor(days.length / 2)]);
}

function rangeStart(periods: readonly EraPeriod[], range: Range): string {
  return periods[range.from].periodStart;
}

function rangeEnd(periods: readonly EraPeriod[], ranges: readonly Range[], k: number): string {
  const next = ranges[k + 1];
  if (next) return periods[next.from].periodStart;
  let end = periods[ranges[k].from].periodEnd;
  for (let i = ranges[k].from; i < ranges[k].to; i++) {
    if (periods[i].periodEnd > end) end = periods[i].periodEnd;
  }
  return end;
}

function meanRow(rows: readonly number[][], range: Range): number[] {
  const width = rows[range.from]?.length ?? 0;
  const mean = new Array<number>(width).fill(0);
  for (let i = range.from; i < range.to; i++) for (let j = 0; j < width; j++) mean[j] += rows[i][j];
  return mean.map((v) => v / (range.to - range.from));
}

function squaredDistance(a: readonly number[], b: readonly number[]): number {
  return a.reduce((s, v, j) => s + (v - b[j]) ** 2, 0);
}

/**
 * Merges eras shorter than minDays, shortest first, each into the neighbour whose mean features are closer
 * (the earlier one on a tie), until every era is long enough or only one is left.
 */
function enforceMinDays(
  periods: readonly EraPeriod[],
  rows: number[][],
  found: Range[],
  minDays: number,
): Range[] {
  const ranges = [...found];
  while (ranges.length > 1) {
    let shortest = -1;
    let shortestDays = minDays;
    ranges.forEach((r, k) => {
      const days = dayNumber(rangeEnd(periods, ranges, k)) - dayNumber(rangeStart(periods, r));
      if (days < shortestDays) {
        shortest = k;
        shortestDays = days;
      }
    });
    if (shortest < 0) break;
    const mean = meanRow(rows, ranges[shortest]);
    const distanceTo = (k: number) =>
      k >= 0 && k < ranges.length
        ? squaredDistance(mean, meanRow(rows, ranges[k]))
        : Number.POSITIVE_INFINITY;
    const into = distanceTo(shortest - 1) <= distanceTo(shortest + 1) ? shortest - 1 : shortest + 1;
    const lo = Math.min(into, shortest);
    ranges.splice(lo, 2, { from: ranges[lo].from, to: ranges[lo + 1].to });
  }
  return ranges;
}

/** Era boundaries in sorted periods: change points, with a minimum segment that keeps eras near minDays. */
function findEraRanges(periods: readonly EraPeriod[], options: EraOptions): Range[] {
  const rows = featuresOf(periods);
  const minSegment = Math.max(1, Math.ceil(options.minDays / medianPeriodDays(periods)));
  const cuts = detectChangePoints(rows, { minSegment, penalty: options.penalty });
  const bounds = [0, ...cuts, periods.length];
  const ranges = bounds.slice(1).map((to, k) => ({ from: bounds[k], to }));
  return enforceMinDays(periods, rows, ranges, options.minDays);
}

function keyTopicsOf(weights: ReadonlyMap<string, number>): string[] {
  const ranked = byWeight(weights);
  const top = weights.get(ranked[0]) ?? 0;
  // Up to five, but a topic with under a quarter of the leader's weight is not "key" once three are in.
  return ranked
    .slice(0, MAX_KEY_TOPICS)
    .filter((name, i) => i < MIN_KEY_TOPICS || (weights.get(name) ?? 0) >= top / 4);
}

function asShares(weights: ReadonlyMap<string, number>): Map<string, number> {
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  return new Map(total > 0 ? [...weights].map(([k, v]) => [k, v / total]) : []);
}

/**
 * The era's terms ranked by how much more of its weight they hold than of the other eras' (each other era
 * counting equally): share * log2(share / others' share), smoothed. With no other eras, the heaviest terms.
 */
function themeOf(own: ReadonlyMap<string, number>, others: readonly ReadonlyMap<string, number>[]): string[] {
  const mine = asShares(own);
  const background = new Map<string, number>();
  const otherShares = others.map(asShares).filter((s) => s.size > 0);
  for (const shares of otherShares) {
    for (const [k, v] of shares) background.set(k, (background.get(k) ?? 0) + v / otherShares.length);
  }
  const scores = new Map<string, number>();
  for (const [name, share] of mine) {
    const score =
      otherShares.length === 0
        ? share
        : share * Math.log2((share + THEME_SMOOTHING) / ((background.get(name) ?? 0) + THEME_SMOOTHING));
    if (score > 0) scores.set(name, score);
  }
  const terms = byWeight(scores).slice(0, THEME_TERMS);
  return terms.length > 0 ? terms : byWeight(mine).slice(0, THEME_TERMS);
}

/** A closed era seen only through its key topics, heaviest first, as weights for contrast and merging. */
function keyTopicWeights(era: EraSegment): Map<string, number> {
  const k = era.keyTopics.length;
  return new Map(era.keyTopics.map((name, i) => [normalizeTopic(name), (k - i) / k]));
}

/** EraSegments for ranges of sorted periods; themes contrast each era with the others and the background. */
function describe(
  periods: readonly EraPeriod[],
  ranges: readonly (Range & { earlier?: boolean })[],
  background: readonly ReadonlyMap<string, number>[],
  firstStart?: string,
): EraSegment[] {
  const weights = ranges.map((r) => summedTopics(periods.slice(r.from, r.to)));
  const names = displayNames(periods);
  const shown = (keys: string[]) => keys.map((key) => names.get(key) ?? key);
  return ranges.map((r, k) => ({
    start: k === 0 && firstStart !== undefined ? firstStart : rangeStart(periods, r),
    end: rangeEnd(periods, ranges, k),
    periodStarts: periods.slice(r.from, r.to).map((p) => p.periodStart),
    keyTopics: shown(keyTopicsOf(weights[k])),
    theme: shown(themeOf(weights[k], [...weights.filter((_, i) => i !== k), ...background])).join(' · '),
    earlier: r.earlier === true,
  }));
}

function checkOptions(options: EraOptions): void {
  if (!(options.minDays >= 0)) throw new RangeError(`minDays must be >= 0, got ${options.minDays}`);
  if (!(Number.isInteger(options.maxEras) && options.maxEras >= 1)) {
    throw new RangeError(`maxEras must be an integer >= 1, got ${options.maxEras}`);
  }
}

/**
 * Eras over a whole period series, oldest first: change points on `featuresOf` rows (minimum segment =
 * minDays over the typical period length), then eras shorter than minDays merged into their more similar
 * neighbour, then all but the newest maxEras merged into one `earlier` era. A series spanning less than
 * minDays is one (short) era.
 */
export function segmentEras(periods: readonly EraPeriod[], options: EraOptions): EraSegment[] {
  checkOptions(options);
  const sorted = sortPeriods(periods);
  if (sorted.length === 0) return [];
  const ranges: (Range & { earlier?: boolean })[] = findEraRanges(sorted, options);
  if (ranges.length > options.maxEras) {
    const older = ranges.splice(0, ranges.length - options.maxEras);
    ranges.unshift({ from: older[0].from, to: older[older.length - 1].to, earlier: true });
  }
  return describe(sorted, ranges, []);
}

/**
 * Folds the oldest eras into one `earlier` era. Closed eras keep only their key topics, so the merged key
 * topics rank each name by its rank-weight in every era it led, times that era's number of periods.
 */
function mergeIntoEarlier(eras: readonly EraSegment[]): EraSegment {
  const weights = new Map<string, number>();
  const names = new Map<string, string>();
  for (const era of eras) {
    for (const name of era.keyTopics)
      if (!names.has(normalizeTopic(name))) names.set(normalizeTopic(name), name);
    for (const [key, w] of keyTopicWeights(era)) {
      weights.set(key, (weights.get(key) ?? 0) + w * Math.max(1, era.periodStarts.length));
    }
  }
  const keyTopics = byWeight(weights)
    .slice(0, MAX_KEY_TOPICS)
    .map((key) => names.get(key) ?? key);
  return {
    start: eras[0].start,
    end: eras[eras.length - 1].end,
    periodStarts: eras.flatMap((e) => e.periodStarts),
    keyTopics,
    theme: keyTopics.slice(0, THEME_TERMS).join(' · '),
    earlier: true,
  };
}

/**
 * Era boundaries in the window that also stand without its newest period. A closed era can never be
 * corrected, so one odd last period must not close it: with a single week of a new theme, a two-week
 * minimum segment can pair it with the old theme's last week and cut a week early. A boundary that holds
 * both with and without the newest period is kept; the others are merged away.
 */
function confirmedRanges(window: readonly EraPeriod[], options: EraOptions): Range[] {
  const found = findEraRanges(window, options);
  if (found.length < 2) return found;
  const before = new Set(findEraRanges(window.slice(0, -1), options).map((r) => r.from));
  const kept: Range[] = [];
  for (const range of found) {
    const last = kept[kept.length - 1];
    if (last && !before.has(range.from)) last.to = range.to;
    else kept.push({ ...range });
  }
  return kept;
}

/**
 * One step of the incremental rule. `periods` holds every period from the current era's start (or from the
 * beginning when there is none); earlier ones are ignored. Closed eras are returned as given; the current era
 * is re-segmented with the new periods and either grows or splits, its older parts closing. A split needs the
 * new part to last minDays and its boundary to hold without the newest period too (`confirmedRanges`). Then,
 * while more than maxEras eras are distinct, the oldest distinct closed era is folded into the `earlier` era
 * (created when needed), the only change a closed era ever sees.
 */
export function updateEras(input: {
  closed: readonly EraSegment[];
  current: EraSegment | null;
  periods: readonly EraPeriod[];
  options: EraOptions;
}): EraState {
  const { closed, current, options } = input;
  checkOptions(options);
  const windowStart = current?.start ?? closed[closed.length - 1]?.end;
  const window = sortPeriods(input.periods).filter(
    (p) => windowStart === undefined || dayNumber(p.periodStart) >= dayNumber(windowStart),
  );
  let eras: EraSegment[];
  if (window.length === 0) {
    if (!current) throw new RangeError('updateEras needs at least one period when there is no current era');
    eras = [...closed, current];
  } else {
    const background = closed.map(keyTopicWeights);
    eras = [...closed, ...describe(window, confirmedRanges(window, options), background, windowStart)];
  }
  while (eras.filter((e) => !e.earlier).length > options.maxEras) {
    const firstDistinct = eras.findIndex((e) => !e.earlier);
    // The earlier era, when there is one, is always first, so it and the oldest distinct era are adjacent.
    eras.splice(0, firstDistinct + 1, mergeIntoEarlier(eras.slice(0, firstDistinct + 1)));
  }
  return { closed: eras.slice(0, -1), current: eras[eras.length - 1] };
}
