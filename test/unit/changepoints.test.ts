import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../seed/generator.js';
import {
  defaultPenalty,
  detectChangePoints,
  estimateNoise,
  makeSegmentCost,
} from '../../src/domain/changepoints.js';

/** A small seeded generator (the demo generator's), so every synthetic series is the same on every run. */
const seeded = mulberry32;

function normal(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Rows around piecewise-constant means: segment k has lengths[k] rows around means[k]. */
function piecewise(means: number[][], lengths: number[], sigma: number, seed: number): number[][] {
  const noise = normal(seeded(seed));
  return means.flatMap((mean, k) =>
    Array.from({ length: lengths[k] }, () => mean.map((m) => m + sigma * noise())),
  );
}

/** Starts of segments 1.. for the given lengths. */
function planted(lengths: number[]): number[] {
  return lengths.slice(0, -1).map((_, k) => lengths.slice(0, k + 1).reduce((a, b) => a + b, 0));
}

function expectNear(found: number[], expected: number[], tolerance: number): void {
  expect(found).toHaveLength(expected.length);
  found.forEach((cp, k) => {
    expect(Math.abs(cp - expected[k])).toBeLessThanOrEqual(tolerance);
  });
}

/** Exhaustive optimal partitioning, no pruning: the reference PELT must agree with. */
function bruteForceBest(series: number[][], penalty: number, minSegment: number): number {
  const cost = makeSegmentCost(series);
  const n = series.length;
  const best = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  best[0] = -penalty;
  for (let t = minSegment; t <= n; t++) {
    for (let s = 0; s <= t - minSegment; s++) {
      if (Number.isFinite(best[s])) best[t] = Math.min(best[t], best[s] + cost(s, t) + penalty);
    }
  }
  return best[n];
}

/** Exhaustive search under a per-place penalty and an earliest end per start. */
function bruteForceRules(
  series: number[][],
  penaltyAt: (t: number) => number,
  earliestEnd: (start: number) => number,
): number {
  const cost = makeSegmentCost(series);
  const n = series.length;
  const best = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
  best[0] = 0;
  for (let t = 1; t <= n; t++) {
    for (let s = 0; s < t; s++) {
      if (t >= earliestEnd(s) && Number.isFinite(best[s])) {
        best[t] = Math.min(best[t], best[s] + cost(s, t) + (s === 0 ? 0 : penaltyAt(s)));
      }
    }
  }
  return best[n];
}

function penalisedCost(series: number[][], cps: number[], penalty: number): number {
  const cost = makeSegmentCost(series);
  const bounds = [0, ...cps, series.length];
  return bounds.slice(1).reduce((sum, end, k) => sum + cost(bounds[k], end), 0) + penalty * cps.length;
}

describe('makeSegmentCost', () => {
  it('equals the sum of squared deviations from the segment mean', () => {
    const series = piecewise([[1, -2, 3]], [12], 1, 7);
    const cost = makeSegmentCost(series);
    for (const [start, end] of [
      [0, 12],
      [3, 4],
      [2, 9],
      [5, 5],
    ]) {
      const rows = series.slice(start, end);
      const mean = [0, 1, 2].map((j) => rows.reduce((s, r) => s + r[j], 0) / Math.max(1, rows.length));
      const direct = rows.reduce((s, r) => s + r.reduce((t, v, j) => t + (v - mean[j]) ** 2, 0), 0);
      expect(cost(start, end)).toBeCloseTo(direct, 9);
    }
  });

  it('rejects ragged rows and non-finite values', () => {
    expect(() => makeSegmentCost([[1, 2], [3]])).toThrow(RangeError);
    expect(() => makeSegmentCost([[1], [Number.NaN]])).toThrow(RangeError);
  });
});

describe('estimateNoise', () => {
  it('recovers the noise variance, Gaussian or not', () => {
    const gaussian = estimateNoise(piecewise([[0, 10]], [400], 2, 11));
    expect(gaussian.variances[0]).toBeGreaterThan(4 * 0.85);
    expect(gaussian.variances[0]).toBeLessThan(4 * 1.15);
    // A topic-like weight: 1 in 30% of periods, else 0 (variance 0.21). Its median difference is 0.
    const random = seeded(12);
    const sparse = estimateNoise(Array.from({ length: 400 }, () => [random() < 0.3 ? 1 : 0]));
    expect(sparse.variances[0]).toBeGreaterThan(0.21 * 0.85);
    expect(sparse.variances[0]).toBeLessThan(0.21 * 1.15);
    expect(sparse.total).toBe(sparse.variances[0]);
  });

  it('is only a little inflated by the jumps at change points', () => {
    const noise = estimateNoise(piecewise([[0], [10], [-5]], [60, 60, 60], 2, 11));
    // Two jumps add about (10^2 + 15^2) / (2 * 179) = 0.9 to the variance of 4.
    expect(noise.variances[0]).toBeGreaterThan(4 * 0.85);
    expect(noise.variances[0]).toBeLessThan((4 + 0.9) * 1.15);
  });
});

describe('detectChangePoints', () => {
  it('finds planted changes in a 1-D series', () => {
    const lengths = [15, 20, 10, 15];
    const series = piecewise([[0], [4], [-1], [3]], lengths, 1, 1);
    expectNear(detectChangePoints(series, { minSegment: 3 }), planted(lengths), 1);
  });

  it('finds planted changes in a 20-D series', () => {
    const shift = (seed: number) => {
      const noise = normal(seeded(seed));
      return Array.from({ length: 20 }, () => noise());
    };
    const lengths = [12, 10, 14];
    const series = piecewise([shift(100), shift(200), shift(300)], lengths, 0.5, 2);
    expectNear(detectChangePoints(series, { minSegment: 2 }), planted(lengths), 1);
  });

  it('finds the same changes whatever the scale of the data', () => {
    const lengths = [10, 10, 10];
    const series = piecewise(
      [
        [0, 0],
        [3, -2],
        [0, 2],
      ],
      lengths,
      0.6,
      3,
    );
    const found = detectChangePoints(series, { minSegment: 2 });
    expectNear(found, planted(lengths), 1);
    expect(
      detectChangePoints(
        series.map((r) => r.map((v) => v * 1000 + 5)),
        { minSegment: 2 },
      ),
    ).toEqual(found);
    expect(
      detectChangePoints(
        series.map((r) => r.map((v) => v / 1000)),
        { minSegment: 2 },
      ),
    ).toEqual(found);
  });

  it('finds no change in constant-plus-noise series (bar a rare false alarm in 1-D)', () => {
    // The default penalty is a tail bound, so pure noise may still trip it now and then: allow 1% in 1-D.
    let falseAlarms = 0;
    for (let seed = 1; seed <= 200; seed++) {
      if (detectChangePoints(piecewise([[5]], [40], 1, seed), { minSegment: 1 }).length > 0) falseAlarms++;
    }
    expect(falseAlarms).toBeLessThanOrEqual(2);
    for (let seed = 1; seed <= 50; seed++) {
      const series = piecewise([new Array(20).fill(-3)], [40], 0.2, seed);
      expect(detectChangePoints(series, { minSegment: 2 })).toEqual([]);
    }
  });

  it('finds no change among noisy unit vectors around one centre, and finds a move to another centre', () => {
    const centre = (seed: number) => {
      const noise = normal(seeded(seed));
      return Array.from({ length: 64 }, () => noise());
    };
    const unit = (rows: number[][]) => rows.map((r) => r.map((v) => v / Math.hypot(...r)));
    // Centre and noise both standard normal per coordinate, then made unit length: cosine ~0.7 to the centre.
    const steady = unit(piecewise([centre(5)], [30], 1, 9));
    expect(detectChangePoints(steady, { minSegment: 2 })).toEqual([]);
    const moved = unit(piecewise([centre(5), centre(6)], [18, 12], 1, 9));
    expect(detectChangePoints(moved, { minSegment: 2 })).toEqual([18]);
  });

  it('never makes a segment shorter than minSegment', () => {
    // A two-row excursion: found with minSegment 1 or 2, but it cannot form a segment of 3.
    const series = piecewise([[0], [8], [0]], [10, 2, 10], 0.5, 4);
    expect(detectChangePoints(series, { minSegment: 1 })).toEqual([10, 12]);
    for (const minSegment of [3, 4, 6]) {
      const cps = detectChangePoints(series, { minSegment });
      const bounds = [0, ...cps, series.length];
      for (let k = 1; k < bounds.length; k++)
        expect(bounds[k] - bounds[k - 1]).toBeGreaterThanOrEqual(minSegment);
    }
  });

  it('returns nothing for a series too short for two segments', () => {
    expect(detectChangePoints([], { minSegment: 1 })).toEqual([]);
    expect(detectChangePoints([[0], [100], [0]], { minSegment: 2 })).toEqual([]);
  });

  it('honours an explicit penalty', () => {
    const series = piecewise([[0], [4]], [10, 10], 1, 5);
    expect(detectChangePoints(series, { minSegment: 1, penalty: 1e9 })).toEqual([]);
    // With no penalty, splitting never costs, so every row ends up alone.
    expect(detectChangePoints(series, { minSegment: 1, penalty: 0 })).toHaveLength(19);
    expect(() => detectChangePoints(series, { minSegment: 1, penalty: -1 })).toThrow(RangeError);
  });

  it('reaches the optimum that exhaustive search finds, despite pruning', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const random = seeded(seed);
      const lengths = [
        4 + Math.floor(random() * 8),
        3 + Math.floor(random() * 8),
        2 + Math.floor(random() * 8),
      ];
      const series = piecewise(
        [
          [0, 1],
          [1.5, 0],
          [0, -1],
        ],
        lengths,
        0.8,
        seed,
      );
      const minSegment = 1 + (seed % 4);
      const penalty = 0.5 + random() * 6;
      const cps = detectChangePoints(series, { minSegment, penalty });
      expect(penalisedCost(series, cps, penalty)).toBeCloseTo(bruteForceBest(series, penalty, minSegment), 9);
    }
  });

  it('honours an earliest end per start and a penalty per place, and still reaches the optimum', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const random = seeded(seed * 31);
      const series = piecewise([[0], [2], [-1], [1.5]], [6, 5, 7, 6], 0.9, seed);
      // Rows stand for days with gaps between them: a segment must span at least `span` "days".
      const days = series.map((_, i) => i * 2 + (i % 3));
      const span = 6 + Math.floor(random() * 8);
      const earliestEnd = (start: number) => {
        let t = start + 1;
        while (t < series.length && days[t] - days[start] < span) t++;
        return days[Math.min(t, series.length - 1)] - days[start] >= span || t === series.length ? t : t + 1;
      };
      const base = 0.5 + random() * 4;
      const factors = series.map(() => 0.4 + 0.6 * random());
      const penaltyAt = (t: number) => base * factors[t];
      const cps = detectChangePoints(series, {
        minSegment: 1,
        penalty: base,
        earliestEnd,
        penaltyFactor: (t) => factors[t],
      });
      const bounds = [0, ...cps, series.length];
      for (let k = 1; k < bounds.length; k++)
        expect(bounds[k]).toBeGreaterThanOrEqual(earliestEnd(bounds[k - 1]));
      const cost = makeSegmentCost(series);
      const total =
        bounds.slice(1).reduce((sum, end, k) => sum + cost(bounds[k], end), 0) +
        cps.reduce((sum, t) => sum + penaltyAt(t), 0);
      expect(total).toBeCloseTo(bruteForceRules(series, penaltyAt, earliestEnd), 9);
    }
  });

  it('puts a change where the penalty is lower when the data cannot tell two places apart', () => {
    // A change spread over two rows (the middle row half way): either cut fits the data equally well.
    const series = [...new Array(10).fill([0]), [1], ...new Array(10).fill([2])].map((r) => [...r]);
    const at = (cheap: number) =>
      detectChangePoints(series, {
        minSegment: 2,
        penalty: 0.5,
        penaltyFactor: (t) => (t === cheap ? 0.5 : 1),
      });
    expect(at(10)).toEqual([10]);
    expect(at(11)).toEqual([11]);
  });

  it('raises no false alarm when the noise of many coordinates moves together', () => {
    // 200 coordinates driven by 4 hidden factors: per coordinate variances look like 200 independent ones,
    // but a segment mean wanders as far as 4 would let it. The covariance spectrum sees it.
    let falseAlarms = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const noise = normal(seeded(seed + 500));
      const loadings = Array.from({ length: 4 }, () => Array.from({ length: 200 }, () => noise() * 0.1));
      const series = Array.from({ length: 60 }, () => {
        const factors = loadings.map(() => noise());
        return Array.from({ length: 200 }, (_, j) => factors.reduce((s, f, k) => s + f * loadings[k][j], 0));
      });
      if (detectChangePoints(series, { minSegment: 2 }).length > 0) falseAlarms++;
    }
    expect(falseAlarms).toBeLessThanOrEqual(2);
  });

  it('is deterministic and gives a positive default penalty even for noiseless data', () => {
    const series = piecewise([[0], [1]], [6, 6], 0, 1);
    expect(defaultPenalty(series)).toBeGreaterThan(0);
    expect(detectChangePoints(series, { minSegment: 1 })).toEqual([6]);
    expect(detectChangePoints(piecewise([[2]], [8], 0, 1), { minSegment: 1 })).toEqual([]);
    const noisy = piecewise([[0], [3], [0]], [9, 9, 9], 1, 6);
    expect(detectChangePoints(noisy, { minSegment: 2 })).toEqual(
      detectChangePoints(noisy, { minSegment: 2 }),
    );
  });
});
