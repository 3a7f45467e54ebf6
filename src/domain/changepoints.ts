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
}

/** Per-coordinate noise variances of a series, estimated from its successive differences. */
export interface NoiseEstimate {
  variances: number[];
  /** Sum of the variances: the expected cost saved by splitting pure noise at a fixed place. */
  total: number;
  /** Sum of squared variances, which sets how much that saving fluctuates. */
  sumOfSquares: number;
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
 * Noise variance per coordinate from successive differences: half the mean squared difference between
 * neighbouring rows (a difference of two independent values has twice their variance). A mean shift touches
 * only the few differences that cross a change point, and those inflate the estimate a little, which errs
 * towards fewer change points. A plain mean rather than a robust statistic such as the median absolute
 * deviation: it is unbiased whatever the noise looks like, and topic weights, which are zero in most periods
 * and jump when a topic comes or goes, are far from Gaussian; their median difference is 0, so a MAD would
 * call their real week-to-week jitter noiseless and every such jitter would look like a change.
 */
export function estimateNoise(series: readonly (readonly number[])[]): NoiseEstimate {
  const d = checkSeries(series);
  const variances = new Array<number>(d).fill(0);
  const pairs = series.length - 1;
  for (let i = 1; i < series.length; i++) {
    for (let j = 0; j < d; j++) variances[j] += (series[i][j] - series[i - 1][j]) ** 2;
  }
  for (let j = 0; j < d; j++) variances[j] = pairs > 0 ? variances[j] / pairs / 2 : 0;
  return {
    variances,
    total: variances.reduce((a, b) => a + b, 0),
    sumOfSquares: variances.reduce((a, b) => a + b * b, 0),
    max: variances.reduce((a, b) => Math.max(a, b), 0),
  };
}

/**
 * The default penalty: a high quantile of what splitting pure noise saves. Splitting a noise-only segment
 * at a fixed place saves sum_j s_j Z_j^2 (s_j the noise variance of coordinate j, Z_j standard normal), and
 * by the Laurent-Massart bound that exceeds S1 + 2 sqrt(x S2) + 2 x max_j s_j (S1 = sum of s_j, S2 = sum of
 * s_j^2) with probability below e^-x. x = 1.5 ln(max(n, 20)) covers the many places PELT tries: on
 * simulated noise (Gaussian, heavy-tailed t3, mostly-zero topic-like weights; d from 1 to 400) it raised a
 * false alarm in at most about 5% of series, where x = ln(n) let a quarter of the heavy-tailed ones through.
 *
 * It is BIC-like in growing with ln(n), but it grows like d where a BIC penalty, (d + 1) ln(n) sigma^2,
 * grows like d ln(n): for a 384-dimensional embedding BIC demands shifts several times larger than needed
 * (in simulation at d = 400 it found none of the moderate planted shifts this one found). Built from the
 * estimated variances, it needs no scaling by hand: unit-length embeddings and raw counts get penalties in
 * their own units, and a coordinate that barely varies adds almost nothing.
 */
export function defaultPenalty(series: readonly (readonly number[])[]): number {
  const noise = estimateNoise(series);
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

/** PELT proper: the change points minimising total segment cost plus `penalty` per change point. */
function pelt(
  cost: (start: number, end: number) => number,
  n: number,
  minSegment: number,
  penalty: number,
): number[] {
  // best[t]: least penalised cost of rows [0, t); from[t]: where its last segment starts.
  const best = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const from = new Int32Array(n + 1);
  best[0] = -penalty;
  // Candidate last-segment starts. A candidate found dominated at time t can still win before t + minSegment
  // (the candidate that beat it may not yet be allowed to start a segment), so it is dropped only then.
  let candidates: { start: number; dropAt: number }[] = [{ start: 0, dropAt: Number.POSITIVE_INFINITY }];
  for (let t = minSegment; t <= n; t++) {
    let value = Number.POSITIVE_INFINITY;
    let argmin = 0;
    for (const c of candidates) {
      if (t - c.start < minSegment) continue;
      const v = best[c.start] + cost(c.start, t) + penalty;
      if (v < value) {
        value = v;
        argmin = c.start;
      }
    }
    best[t] = value;
    from[t] = argmin;

    const tolerance = 1e-9 * (Math.abs(value) + penalty + 1);
    candidates = candidates.filter((c) => t < c.dropAt);
    for (const c of candidates) {
      if (c.dropAt === Number.POSITIVE_INFINITY && t - c.start >= minSegment) {
        if (best[c.start] + cost(c.start, t) > value + tolerance) c.dropAt = t + minSegment;
      }
    }
    // Only a prefix that can itself be segmented may start the next segment.
    if (t <= n - minSegment) candidates.push({ start: t, dropAt: Number.POSITIVE_INFINITY });
  }

  const changePoints: number[] = [];
  for (let t = n; t > 0; t = from[t]) if (from[t] > 0) changePoints.push(from[t]);
  return changePoints.reverse();
}

/**
 * Indexes where new segments begin (ascending, never 0), so segment k is rows [cp[k-1], cp[k]). Every
 * segment has at least `minSegment` rows; a series shorter than two such segments has no change points.
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
  return pelt(cost, n, minSegment, penalty);
}
