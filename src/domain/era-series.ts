/**
 * The series eras are found on: a group's periods (its days) pooled where they are too thin to stand alone, as
 * feature rows for change-point detection, with the silence before each row as evidence of a boundary.
 */
import { topicDistribution } from './drift.js';
import { daysBetween } from './periods.js';
import { compareNames, normalizeTopic, type WeightedTopic } from './topics.js';

export interface EraPeriod {
  /** YYYY-MM-DD */
  periodStart: string;
  /** Exclusive, YYYY-MM-DD */
  periodEnd: string;
  embedding: number[] | null;
  topics: WeightedTopic[];
  /** Messages the period covers; a period without a count counts as full. */
  messageCount?: number | null;
  /** Who spoke in the period (names are kept out of era themes and key topics). */
  speakers?: string[];
}

/** A run of consecutive periods pooled into one row of the series. */
export interface EraBin extends EraPeriod {
  /** Days without any period between the previous bin's end and this bin's start (0 for the first). */
  silenceBefore: number;
}

/** Topic names that become feature columns, the heaviest over the series. More adds noise, not signal. */
const VOCABULARY_SIZE = 48;
/** A bin never spans more days than this, so pooling costs at most this much precision in a boundary. */
const MAX_BIN_DAYS = 7;

export function sortPeriods<T extends EraPeriod>(periods: readonly T[]): T[] {
  return [...periods].sort((a, b) => compareNames(a.periodStart, b.periodStart));
}

/** The vector's length, or null when it has none to scale by (zero, or not finite). */
function normOf(vector: readonly number[]): number | null {
  let norm = 0;
  for (let j = 0; j < vector.length; j++) {
    const v = vector[j] as number;
    norm += v * v;
  }
  norm = Math.sqrt(norm);
  return norm > 0 && Number.isFinite(norm) ? norm : null;
}

function unit(vector: readonly number[]): number[] | null {
  const norm = normOf(vector);
  if (norm === null) return null;
  const out = new Array<number>(vector.length);
  for (let j = 0; j < vector.length; j++) out[j] = (vector[j] as number) / norm;
  return out;
}

/** The most common embedding size among the periods: vectors of another size (another model) are left out. */
function commonSize(periods: readonly EraPeriod[]): number | undefined {
  const counts = new Map<number, number>();
  for (const p of periods) {
    if (p.embedding?.length) counts.set(p.embedding.length, (counts.get(p.embedding.length) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
}

function weightOf(period: EraPeriod, fullBin: number): number {
  const count = period.messageCount;
  return typeof count === 'number' && count > 0 ? count : fullBin;
}

/** One bin from its periods: vectors and topic shares averaged with each period weighted by its messages. */
function pool(
  periods: readonly EraPeriod[],
  size: number | undefined,
  fullBin: number,
  silence: number,
): EraBin {
  const weights = periods.map((p) => weightOf(p, fullBin));
  const total = weights.reduce((a, b) => a + b, 0);
  let embedding: number[] | null = null;
  if (size !== undefined) {
    const sum = new Array<number>(size).fill(0);
    let used = 0;
    periods.forEach((p, i) => {
      // Each vector at unit length, added in place (no copy of it): the arithmetic of unit(), then the weight.
      const norm = p.embedding?.length === size ? normOf(p.embedding) : null;
      if (norm === null) return;
      const vector = p.embedding as number[];
      const weight = weights[i] as number;
      used++;
      for (let j = 0; j < size; j++) sum[j] += ((vector[j] as number) / norm) * weight;
    });
    embedding = used > 0 ? unit(sum) : null;
  }
  const shares = new Map<string, number>();
  periods.forEach((p, i) => {
    for (const [name, share] of topicDistribution(p.topics)) {
      shares.set(name, (shares.get(name) ?? 0) + (share * weights[i]) / total);
    }
  });
  const last = periods[periods.length - 1] as EraPeriod;
  return {
    periodStart: periods[0]?.periodStart ?? last.periodStart,
    periodEnd: latestEnd(periods),
    embedding,
    topics: [...shares].map(([name, weight]) => ({ name, weight })),
    messageCount: periods.reduce((n, p) => n + (p.messageCount ?? 0), 0),
    speakers: [...new Set(periods.flatMap((p) => p.speakers ?? []))],
    silenceBefore: silence,
  };
}

/**
 * Sorted periods pooled into bins of at least `minMessages` messages, each spanning at most a week: a day with a
 * handful of messages says little on its own, and its neighbours' words make it readable. Busy days stay alone.
 */
export function binPeriods(periods: readonly EraPeriod[], minMessages: number): EraBin[] {
  const sorted = sortPeriods(periods);
  const size = commonSize(sorted);
  const fullBin = Math.max(1, minMessages);
  const bins: EraBin[] = [];
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i] as EraPeriod;
    const members = [first];
    let messages = weightOf(first, fullBin);
    i++;
    while (
      i < sorted.length &&
      messages < minMessages &&
      daysBetween(first.periodStart, (sorted[i] as EraPeriod).periodStart) < MAX_BIN_DAYS
    ) {
      messages += weightOf(sorted[i] as EraPeriod, fullBin);
      members.push(sorted[i] as EraPeriod);
      i++;
    }
    const previous = bins[bins.length - 1];
    const silence = previous ? Math.max(0, daysBetween(previous.periodEnd, first.periodStart)) : 0;
    bins.push(pool(members, size, fullBin, silence));
  }
  return bins;
}

/** The heaviest topics over all periods that `keep` accepts: the default feature vocabulary. */
export function eraVocabulary(
  periods: readonly EraPeriod[],
  keep: (name: string) => boolean = () => true,
  size = VOCABULARY_SIZE,
): string[] {
  const sums = new Map<string, number>();
  for (const p of periods) {
    for (const [name, w] of topicDistribution(p.topics))
      if (keep(name)) sums.set(name, (sums.get(name) ?? 0) + w);
  }
  return [...sums]
    .sort((a, b) => b[1] - a[1] || compareNames(a[0], b[0]))
    .slice(0, size)
    .map(([name]) => name);
}

/** Rows with a gap (null) filled with the mean of the others, which adds no change of its own. */
function fillGaps(rows: (number[] | null)[]): number[][] | null {
  const present = rows.filter((r): r is number[] => r !== null);
  if (present.length === 0) return null;
  const mean = (present[0] as number[]).map(
    (_, j) => present.reduce((s, r) => s + (r[j] as number), 0) / present.length,
  );
  return rows.map((r) => r ?? mean);
}

function embeddingBlock(periods: readonly EraPeriod[]): number[][] | null {
  const size = commonSize(periods);
  if (size === undefined) return null;
  return fillGaps(periods.map((p) => (p.embedding?.length === size ? unit(p.embedding) : null)));
}

function topicBlock(periods: readonly EraPeriod[], vocabulary: readonly string[]): number[][] | null {
  const names = [...new Set(vocabulary.map(normalizeTopic).filter(Boolean))];
  if (names.length === 0) return null;
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
 * Feature rows for change-point detection, one per period (in the order given). By default (`signal`
 * 'embeddings'): the content vector scaled to unit length, or, when no period has one, the square roots of the
 * topic distribution over the vocabulary plus one column for the mass outside it (a unit vector too; its
 * distances are Hellinger distances). A period without one gets the mean of the others. Topics are only the fallback: a day's topics are the terms that set it apart
 * from the days just before, so they jitter from one day to the next by design; next to the content vectors
 * they added more noise than signal (on the LoCoMo and demo day series, 37 of 50 boundaries found with both
 * against 41 with the vectors alone, at the same penalty rule).
 */
export function featuresOf(
  periods: readonly EraPeriod[],
  vocabulary?: readonly string[],
  signal: EraSignalKind = 'embeddings',
): number[][] {
  const embedding = signal === 'topics' ? null : embeddingBlock(periods);
  if (embedding && signal === 'embeddings') return embedding;
  const topics = topicBlock(periods, vocabulary ?? eraVocabulary(periods));
  // Both: the two unit rows side by side, each scaled by 1/sqrt(2), so a row stays unit length and each counts half.
  if (embedding && topics)
    return embedding.map((row, i) => [...row, ...(topics[i] as number[])].map((v) => v * Math.SQRT1_2));
  return embedding ?? topics ?? periods.map(() => []);
}

/**
 * What the detector reads of each period: its content vector (the default: with it, 41 of 50 planted boundaries
 * found against 37 with both, see featuresOf), its topic distribution, or both. Each falls back to the other where
 * the group has none.
 */
export const ERA_SIGNALS = ['embeddings', 'topics', 'both'] as const;
export type EraSignalKind = (typeof ERA_SIGNALS)[number];

/**
 * How much of the change-point penalty a boundary before each bin costs, from the silence before it: 1 after an
 * ordinary pause, falling to 1 - weight once the silence is `SILENCE_SATURATION` times the group's typical one
 * (its median pause) or longer. A long silence makes a change there cheaper, never free: a group that comes back
 * to the same subject after a holiday stays in its era.
 */
export function silencePenaltyFactors(bins: readonly EraBin[], weight: number): number[] {
  const pauses = bins
    .slice(1)
    .map((b) => b.silenceBefore)
    .sort((a, b) => a - b);
  const typical = pauses[Math.floor(pauses.length / 2)] ?? 0;
  return bins.map((b, i) => {
    if (i === 0 || weight <= 0) return 1;
    const ratio = (b.silenceBefore + 1) / (typical + 1);
    const strength = Math.min(1, Math.max(0, Math.log(ratio) / Math.log(SILENCE_SATURATION)));
    return 1 - weight * strength;
  });
}

/** A silence this many times the typical one carries the full weight. */
const SILENCE_SATURATION = 8;

/** The latest (exclusive) end among periods; ISO dates compare as strings. */
function latestEnd(periods: readonly EraPeriod[]): string {
  return periods.map((p) => p.periodEnd).sort(compareNames)[periods.length - 1] ?? '';
}

/** The exclusive end of a series: the day after its last period ('' for none). */
export function seriesEnd(periods: readonly EraPeriod[]): string {
  return latestEnd(periods);
}
