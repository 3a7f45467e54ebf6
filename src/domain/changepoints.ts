/**
 * Change points in a multivariate series by PELT (Killick, Fearnhead & Eckley, 2012): the exact minimiser of
 * sum(segment cost) + penalty * (number of change points), with candidates pruned when they can never win
 * again. The cost is a Gaussian change in mean: each segment's sum of squared deviations from its own mean.
 */

export interface ChangePointOptions {
  /**
   * Cost of one more change point, in the units of the segment cost (squared distances). Larger means fewer
   * change points. Default: `defaultPenalty(series)`.
   */
  penalty?: number;
  /** Fewest rows a segment may have (at least 1). */
  minSegment: number;
  /**
   * The first end (exclusive row index) a segment starting at `start` may have, when something besides a row count
   * sets it, such as a shortest duration in time. Never less than start + minSegment (it is raised to that).
   */
  earliestEnd?: (start: number) => number;
  /**
   * How much of the penalty a change point at row t costs, in (0, 1]: evidence of a boundary from outside the
   * rows (a long silence before row t) makes a change there cheaper. Default 1 everywhere.
   */
  penaltyFactor?: (t: number) => number;
}

/** The noise of a series, estimated from its successive differences. */
export interface NoiseEstimate {
  /** Per-coordinate variances. */
  variances: number[];
  /** Sum of the variances: the expected cost saved by splitting pure noise at a fixed place. */
  total: number;
  /**
   * Sum of the squared eigenvalues of the noise covariance, which sets how much that saving fluctuates. Equal to
   * the sum of squared variances when coordinates are independent; larger when they move together.
   */
  sumOfSquares: number;
  /** The largest eigenvalue of the noise covariance: the noisiest direction (at least the largest variance). */
  max: number;
}

/** x in the tail bound below is this many times ln(n). Tuned by simulation; see `defaultPenalty`. */
const TAIL_LOG_FACTOR = 1.5;
/**
 * Shorter series are treated as this long in that ln(n): with a handful of rows ln(n) is too small a margin,
 * and an incremental caller re-runs detection on every short prefix, so each gets a chance at a false alarm.
 */
const SHORTEST_SERIES = 20;

function checkSeries(series: readonly (readonly number[])[]): number {
  const d = series[0]?.length ?? 0;
  for (const [i, row] of series.entries()) {
    if (row.length !== d) throw new RangeError(`row ${i} has ${row.length} values, row 0 has ${d}`);
    for (const v of row) if (!Number.isFinite(v)) throw new RangeError(`row ${i} has a non-finite value`);
  }
  return d;
}

/**
 * The cost of any segment [start, end) in O(d) from prefix sums: sum of |y|^2 minus |sum of y|^2 / length,
 * which equals the sum of squared deviations from the segment mean.
 */
export function makeSegmentCost(
  series: readonly (readonly number[])[],
): (start: number, end: number) => number {
  const n = series.length;
  const d = checkSeries(series);
  const sums = new Float64Array((n + 1) * d);
  const squares = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    let sq = 0;
    for (let j = 0; j < d; j++) {
      const v = series[i][j];
      sums[(i + 1) * d + j] = sums[i * d + j] + v;
      sq += v * v;
    }
    squares[i + 1] = squares[i] + sq;
  }
  return (start, end) => {
    const length = end - start;
    if (length <= 0) return 0;
    let centred = 0;
    for (let j = 0; j < d; j++) {
      const s = sums[end * d + j] - sums[start * d + j];
      centred += s * s;
    }
    // Cancellation can leave a tiny negative number for a constant segment.
    return Math.max(0, squares[end] - squares[start] - centred / length);
  };
}

/**
 * Noise from successive differences: half the mean squared difference between neighbouring rows (a difference
 * of two independent values has twice their variance), per coordinate and as a covariance. A mean shift touches
 * only the few differences that cross a change point, and those inflate the estimate a little, which errs
 * towards fewer change points. A plain mean rather than a robust statistic such as the median absolute
 * deviation: it is unbiased whatever the noise looks like, and topic weights, which are zero in most periods
 * and jump when a topic comes or goes, are far from Gaussian; their median difference is 0, so a MAD would
 * call their real week-to-week jitter noiseless and every such jitter would look like a change.
 *
 * Coordinates of text features are far from independent (words come in groups; a hashed word touches several
 * buckets), so the spread of the noise is read from its covariance: the sum of squared eigenvalues and the
 * largest one. Treating correlated coordinates as independent understates how far pure noise can move a
 * segment mean, and so how much a split of pure noise can save.
 */
export function estimateNoise(series: readonly (readonly number[])[]): NoiseEstimate {
  const d = checkSeries(series);
  const variances = new Array<number>(d).fill(0);
  const pairs = series.length - 1;
  const differences: number[][] = [];
  for (let i = 1; i < series.length; i++) {
    const row = series[i].map((v, j) => v - series[i - 1][j]);
    differences.push(row);
    for (let j = 0; j < d; j++) variances[j] += row[j] ** 2;
  }
  for (let j = 0; j < d; j++) variances[j] = pairs > 0 ? variances[j] / pairs / 2 : 0;
  const total = variances.reduce((a, b) => a + b, 0);
  const independent = {
    sumOfSquares: variances.reduce((a, b) => a + b * b, 0),
    max: variances.reduce((a, b) => Math.max(a, b), 0),
  };
  const sample = evenlySpaced(differences, SPECTRUM_SAMPLE);
  const spectrum = pairs > 1 ? covarianceSpectrum(sample, 1 / (2 * sample.length), total) : independent;
  return {
    variances,
    total,
    sumOfSquares: Math.max(independent.sumOfSquares, spectrum.sumOfSquares),
    max: Math.max(independent.max, spectrum.max),
  };
}

/**
 * The covariance spectrum is read from at most this many differences, evenly spaced: its two figures need a
 * sample, not every day of a five-year history (which would cost seconds each cycle).
 */
const SPECTRUM_SAMPLE = 400;

function evenlySpaced<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)] as T);
}

/** Power iterations for the largest eigenvalue; it converges well before this for the matrices seen here. */
const POWER_ITERATIONS = 60;

/**
 * Sum of squared eigenvalues and the largest eigenvalue of C = scale * D^T D (D the difference rows), read from
 * whichever of D D^T (m x m) and D^T D (d x d) is smaller: both have C's non-zero eigenvalues. The sum of squares
 * is corrected for the upward bias of a sample covariance, (trace C)^2 / m for m independent rows.
 */
function covarianceSpectrum(
  differences: number[][],
  scale: number,
  trace: number,
): { sumOfSquares: number; max: number } {
  const m = differences.length;
  const d = differences[0]?.length ?? 0;
  const small = m <= d;
  const size = small ? m : d;
  const gram = new Float64Array(size * size);
  if (small) {
    // The rows laid end to end in one typed array first: these dot products are the largest part of the era
    // step's detection, and over it a noise estimate takes about 30 % less time (same sums, in the same order).
    const flat = new Float64Array(m * d);
    for (let a = 0; a < m; a++) flat.set(differences[a] as number[], a * d);
    for (let a = 0; a < m; a++) {
      const rowA = a * d;
      for (let b = a; b < m; b++) {
        const rowB = b * d;
        let dot = 0;
        for (let j = 0; j < d; j++) dot += (flat[rowA + j] as number) * (flat[rowB + j] as number);
        gram[a * m + b] = dot * scale;
        gram[b * m + a] = dot * scale;
      }
    }
  } else {
    for (const row of differences) {
      for (let a = 0; a < d; a++) {
        const va = row[a] * scale;
        if (va === 0) continue;
        for (let b = 0; b < d; b++) gram[a * d + b] += va * row[b];
      }
    }
  }
  let frobenius = 0;
  for (const v of gram) frobenius += v * v;
  let vector = new Float64Array(size).fill(1 / Math.sqrt(size));
  let max = 0;
  for (let it = 0; it < POWER_ITERATIONS; it++) {
    const next = new Float64Array(size);
    for (let a = 0; a < size; a++) {
      let sum = 0;
      for (let b = 0; b < size; b++) sum += gram[a * size + b] * vector[b];
      next[a] = sum;
    }
    const norm = Math.hypot(...next);
    if (!(norm > 0)) break;
    max = norm;
    vector = next.map((v) => v / norm);
  }
  return { sumOfSquares: Math.max(0, frobenius - (trace * trace) / m), max };
}

/**
 * The default penalty: a high quantile of what splitting pure noise saves. Splitting a noise-only segment
 * at a fixed place saves sum_j s_j Z_j^2 (s_j the eigenvalues of the noise covariance, Z_j standard normal),
 * and by the Laurent-Massart bound that exceeds S1 + 2 sqrt(x S2) + 2 x max_j s_j (S1 = sum of s_j, S2 = sum
 * of s_j^2) with probability below e^-x. x = 1.5 ln(max(n, 20)) covers the many places PELT tries: on
 * simulated noise (Gaussian, heavy-tailed t3, mostly-zero topic-like weights; d from 1 to 400) it raised a
 * false alarm in at most about 5% of series, where x = ln(n) let a quarter of the heavy-tailed ones through.
 *
 * It is BIC-like in growing with ln(n), but it grows like d where a BIC penalty, (d + 1) ln(n) sigma^2,
 * grows like d ln(n): for a 384-dimensional embedding BIC demands shifts several times larger than needed
 * (in simulation at d = 400 it found none of the moderate planted shifts this one found). Built from the
 * estimated variances, it needs no scaling by hand: unit-length embeddings and raw counts get penalties in
 * their own units, and a coordinate that barely varies adds almost nothing.
 */
export function defaultPenalty(
  series: readonly (readonly number[])[],
  noise: NoiseEstimate = estimateNoise(series),
): number {
  const x = TAIL_LOG_FACTOR * Math.log(Math.max(SHORTEST_SERIES, series.length));
  const penalty = noise.total + 2 * Math.sqrt(x * noise.sumOfSquares) + 2 * x * noise.max;
  return Math.max(penalty, noiselessFloor(series));
}

/**
 * A tiny positive penalty for series without any noise (piecewise-constant data), so that splitting a
 * constant stretch, which saves exactly nothing, never pays.
 */
function noiselessFloor(series: readonly (readonly number[])[]): number {
  const spread = makeSegmentCost(series)(0, series.length);
  // Relative to the data's own spread, so rounding in segment costs never passes for a change.
  return (1e-9 * spread) / Math.max(1, series.length) || Number.MIN_VALUE;
}

/** Where segments may end and what each change point costs: the rules PELT works under. */
interface PeltRules {
  /** First allowed end of a segment starting at `start`; n + 1 or more when none fits. */
  earliestEnd: (start: number) => number;
  /** The penalty of a change point at row t. */
  penaltyAt: (t: number) => number;
}

/**
 * PELT proper: the change points minimising total segment cost plus the penalty of each change point. With a
 * penalty per place, a candidate start s is beaten for good at t once best[s] + cost(s, t) + penalty(s) exceeds
 * best[t] + penalty(t) (segment costs only grow when split, so every later end agrees); it still may win until
 * t itself may start a segment, so it is dropped only then.
 */
function pelt(cost: (start: number, end: number) => number, n: number, rules: PeltRules): number[] {
  // best[t]: least penalised cost of rows [0, t); from[t]: where its last segment starts.
  const best = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const from = new Int32Array(n + 1);
  const penalty = (t: number) => (t === 0 ? 0 : rules.penaltyAt(t));
  best[0] = 0;
  const ends = Array.from({ length: n + 1 }, (_, t) => rules.earliestEnd(t));
  let candidates: { start: number; dropAt: number }[] = [{ start: 0, dropAt: Number.POSITIVE_INFINITY }];
  for (let t = 1; t <= n; t++) {
    let value = Number.POSITIVE_INFINITY;
    let argmin = 0;
    for (const c of candidates) {
      if (t < ends[c.start]) continue;
      const v = best[c.start] + cost(c.start, t) + penalty(c.start);
      if (v < value) {
        value = v;
        argmin = c.start;
      }
    }
    best[t] = value;
    from[t] = argmin;
    // No valid segmentation of rows [0, t): t can neither beat another start nor start a segment itself.
    if (!Number.isFinite(value)) continue;

    const tolerance = 1e-9 * (Math.abs(value) + penalty(t) + 1);
    candidates = candidates.filter((c) => t < c.dropAt);
    for (const c of candidates) {
      if (c.dropAt === Number.POSITIVE_INFINITY && t >= ends[c.start]) {
        const beaten = best[c.start] + cost(c.start, t) + penalty(c.start) > value + penalty(t) + tolerance;
        if (beaten) c.dropAt = ends[t];
      }
    }
    // Only a start from which a segment can still fit before the end may start the next segment.
    if (ends[t] <= n) candidates.push({ start: t, dropAt: Number.POSITIVE_INFINITY });
  }

  const changePoints: number[] = [];
  if (!Number.isFinite(best[n])) return changePoints;
  for (let t = n; t > 0; t = from[t]) if (from[t] > 0) changePoints.push(from[t]);
  return changePoints.reverse();
}

/**
 * Indexes where new segments begin (ascending, never 0), so segment k is rows [cp[k-1], cp[k]). Every
 * segment has at least `minSegment` rows (and ends no earlier than `earliestEnd` allows); a series shorter than
 * two such segments has no change points.
 * Deterministic: among equally good segmentations the one with the longer last segment is kept.
 */
export function detectChangePoints(
  series: readonly (readonly number[])[],
  options: ChangePointOptions,
): number[] {
  const n = series.length;
  const minSegment = Math.max(1, Math.floor(options.minSegment));
  const cost = makeSegmentCost(series);
  if (n < 2 * minSegment) return [];
  const penalty = options.penalty ?? defaultPenalty(series);
  if (!(penalty >= 0)) throw new RangeError(`penalty must be a number >= 0, got ${penalty}`);
  const earliestEnd = options.earliestEnd;
  const factor = options.penaltyFactor;
  return pelt(cost, n, {
    earliestEnd: (start) => Math.max(start + minSegment, earliestEnd ? earliestEnd(start) : 0),
    penaltyAt: (t) => penalty * (factor ? Math.min(1, Math.max(0, factor(t))) : 1),
  });
}
