import { csvNumber, toCsv } from './csv.js';
import { smoothTowardBackground } from './topic-smoothing.js';
import { compareNames, mergeTopics, normalizeTopic, type WeightedTopic } from './topics.js';

/** One period of a series as drift sees it: its topics and, when it has one, its embedding. */
export interface PeriodPoint {
  /** YYYY-MM-DD; points are compared in this order. */
  periodStart: string;
  topics: WeightedTopic[];
  embedding?: number[] | null;
  text?: string;
}

/** How one period differs from the one before it. */
export interface DriftPoint {
  periodStart: string;
  previousStart: string;
  /**
   * Topic drift: Jensen-Shannon divergence (bits, 0..1) of the two topic distributions, each smoothed toward the
   * group's background (`smoothTowardBackground`), so periods of one era read low even when their short topic
   * lists differ. The series to read for era changes.
   */
  topicDrift: number;
  /** The same divergence without smoothing: 1 whenever two periods list no topic in common. */
  jsd: number;
  /**
   * 1 - cosine similarity of the two periods' content vectors (everything said in them, embedded): word overlap
   * with the hashing embedder, meaning with a semantic one. Null when either period has none or their sizes differ.
   */
  cosineDistance: number | null;
  /** Topics present now but not in the previous period, as displayed, sorted. */
  appeared: string[];
  /** Topics present in the previous period but not now, as displayed, sorted. */
  faded: string[];
}

/**
 * Topics as a probability distribution over normalised names. Duplicate spellings count once, at their
 * highest weight (see `mergeTopics`); zero or negative weights carry no mass. Empty when nothing has weight.
 */
export function topicDistribution(topics: readonly WeightedTopic[]): Map<string, number> {
  const positive = mergeTopics(topics).filter((t) => t.weight > 0);
  const total = positive.reduce((sum, t) => sum + t.weight, 0);
  return new Map(positive.map((t) => [normalizeTopic(t.name), t.weight / total]));
}

/** The map scaled to sum to 1, ignoring non-positive entries, so callers may pass raw weights. */
function asProbabilities(p: ReadonlyMap<string, number>): Map<string, number> {
  let total = 0;
  for (const v of p.values()) if (v > 0) total += v;
  const out = new Map<string, number>();
  if (total > 0) for (const [k, v] of p) if (v > 0) out.set(k, v / total);
  return out;
}

/**
 * Jensen-Shannon divergence in bits (log base 2), so it lies in [0, 1]: 0 for identical distributions, 1 for
 * ones with no name in common. Two empty distributions are identical (0); one empty against a non-empty one
 * has nothing in common with it (1).
 */
export function jensenShannon(p: ReadonlyMap<string, number>, q: ReadonlyMap<string, number>): number {
  const pp = asProbabilities(p);
  const qq = asProbabilities(q);
  if (pp.size === 0 && qq.size === 0) return 0;
  if (pp.size === 0 || qq.size === 0) return 1;
  let divergence = 0;
  for (const name of new Set([...pp.keys(), ...qq.keys()])) {
    const a = pp.get(name) ?? 0;
    const b = qq.get(name) ?? 0;
    const m = (a + b) / 2;
    if (a > 0) divergence += 0.5 * a * Math.log2(a / m);
    if (b > 0) divergence += 0.5 * b * Math.log2(b / m);
  }
  // Rounding can push the sum a hair outside the range the maths guarantees.
  return Math.min(1, Math.max(0, divergence));
}

/**
 * 1 - cosine similarity: 0 for vectors pointing the same way, 1 for orthogonal ones, 2 for opposite ones.
 * A zero vector has no direction, so it counts as unrelated (1). Throws when the lengths differ.
 */
export function cosineDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError(`vectors differ in length: ${a.length} and ${b.length}`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  if (normA === 0 || normB === 0) return 1;
  const similarity = Math.min(1, Math.max(-1, dot / Math.sqrt(normA * normB)));
  return 1 - similarity;
}

function embeddingDistance(a: PeriodPoint['embedding'], b: PeriodPoint['embedding']): number | null {
  if (!a || !b || a.length === 0 || a.length !== b.length) return null;
  return cosineDistance(a, b);
}

/**
 * Drift between each period and the one before it, in periodStart order; one point fewer than periods. The
 * background topics are smoothed toward is made of the periods given, so a window (from, to) is its own background.
 */
export function driftSeries(points: readonly PeriodPoint[]): DriftPoint[] {
  const sorted = [...points].sort((a, b) => compareNames(a.periodStart, b.periodStart));
  const distributions = sorted.map((p) => topicDistribution(p.topics));
  const smoothed = smoothTowardBackground(distributions);
  const names = sorted.map((p) => displayNames(p.topics));
  const series: DriftPoint[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const before = distributions[i - 1];
    const now = distributions[i];
    series.push({
      periodStart: sorted[i].periodStart,
      previousStart: sorted[i - 1].periodStart,
      topicDrift: jensenShannon(smoothed[i - 1], smoothed[i]),
      jsd: jensenShannon(before, now),
      cosineDistance: embeddingDistance(sorted[i - 1].embedding, sorted[i].embedding),
      appeared: [...now.keys()]
        .filter((key) => !before.has(key))
        .map((key) => names[i].get(key) ?? key)
        .sort(compareNames),
      faded: [...before.keys()]
        .filter((key) => !now.has(key))
        .map((key) => names[i - 1].get(key) ?? key)
        .sort(compareNames),
    });
  }
  return series;
}

/** Normalised topic name to the name shown for it. */
function displayNames(topics: readonly WeightedTopic[]): Map<string, string> {
  return new Map(mergeTopics(topics).map((t) => [normalizeTopic(t.name), t.name]));
}

export const DRIFT_CSV_HEADER = [
  'period_start',
  'previous_start',
  'topic_drift',
  'jsd',
  'cosine_distance',
  'appeared',
  'faded',
];

/** The series as CSV with a header row, one line per drift point (\n line ends, final newline included). */
export function driftToCsv(series: readonly DriftPoint[]): string {
  const rows = series.map((d) => [
    d.periodStart,
    d.previousStart,
    csvNumber(d.topicDrift),
    csvNumber(d.jsd),
    csvNumber(d.cosineDistance),
    d.appeared.join(';'),
    d.faded.join(';'),
  ]);
  return toCsv(DRIFT_CSV_HEADER, rows);
}
