import { describe, expect, it } from 'vitest';
import {
  cosineDistance,
  type DriftPoint,
  driftSeries,
  driftToCsv,
  jensenShannon,
  topicDistribution,
} from '../../src/domain/drift.js';

const dist = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('topicDistribution', () => {
  it('normalises names and weights to sum 1, counting duplicate spellings once', () => {
    const d = topicDistribution([
      { name: 'Cats', weight: 0.6 },
      { name: 'cat', weight: 0.2 },
      { name: 'Dogs', weight: 0.2 },
      { name: 'nothing', weight: 0 },
    ]);
    expect([...d.keys()]).toEqual(['cat', 'dog']);
    expect(d.get('cat')).toBeCloseTo(0.75, 12);
    expect(d.get('dog')).toBeCloseTo(0.25, 12);
  });

  it('is empty when no topic has weight', () => {
    expect(topicDistribution([]).size).toBe(0);
    expect(topicDistribution([{ name: 'a', weight: 0 }]).size).toBe(0);
  });
});

describe('jensenShannon', () => {
  it('is 0 for identical distributions and 1 for disjoint ones', () => {
    expect(jensenShannon(dist({ a: 0.3, b: 0.7 }), dist({ b: 0.7, a: 0.3 }))).toBeCloseTo(0, 12);
    expect(jensenShannon(dist({ a: 0.5, b: 0.5 }), dist({ c: 0.1, d: 0.9 }))).toBeCloseTo(1, 12);
  });

  it('matches a hand-computed value', () => {
    // M = {a: 3/4, b: 1/4}; KL(P||M) = log2(4/3); KL(Q||M) = (log2(2/3) + log2(2)) / 2.
    const expected = 0.5 * Math.log2(4 / 3) + 0.25 * (Math.log2(2 / 3) + 1);
    expect(expected).toBeCloseTo(0.311278, 6);
    expect(jensenShannon(dist({ a: 1 }), dist({ a: 0.5, b: 0.5 }))).toBeCloseTo(expected, 12);
  });

  it('is symmetric and accepts weights that do not sum to 1', () => {
    const p = dist({ a: 2, b: 6 });
    const q = dist({ a: 0.5, c: 0.5 });
    expect(jensenShannon(p, q)).toBeCloseTo(jensenShannon(q, p), 12);
    expect(jensenShannon(p, dist({ a: 0.25, b: 0.75 }))).toBeCloseTo(0, 12);
  });

  it('handles empty distributions', () => {
    expect(jensenShannon(new Map(), new Map())).toBe(0);
    expect(jensenShannon(new Map(), dist({ a: 1 }))).toBe(1);
    expect(jensenShannon(dist({ a: 1 }), new Map())).toBe(1);
  });
});

describe('cosineDistance', () => {
  it('is 0 for the same direction, 1 for orthogonal, 2 for opposite vectors', () => {
    expect(cosineDistance([1, 2, 3], [2, 4, 6])).toBeCloseTo(0, 12);
    expect(cosineDistance([1, 0], [0, 5])).toBeCloseTo(1, 12);
    expect(cosineDistance([1, 1], [-1, -1])).toBeCloseTo(2, 12);
    expect(cosineDistance([1, 0], [1, 1])).toBeCloseTo(1 - Math.SQRT1_2, 12);
  });

  it('counts a zero vector as unrelated and rejects vectors of different lengths', () => {
    expect(cosineDistance([0, 0], [1, 0])).toBe(1);
    expect(() => cosineDistance([1, 0], [1, 0, 0])).toThrow(RangeError);
  });
});

describe('driftSeries', () => {
  it('compares consecutive periods in date order, listing appeared and faded topics as they are shown', () => {
    const series = driftSeries([
      { periodStart: '2024-01-15', topics: [{ name: 'Hiking', weight: 1 }], embedding: [0, 1] },
      {
        periodStart: '2024-01-01',
        topics: [
          { name: 'cats', weight: 0.5 },
          { name: 'dogs', weight: 0.5 },
        ],
        embedding: [1, 0],
      },
      {
        periodStart: '2024-01-08',
        topics: [
          { name: 'Cat', weight: 0.5 },
          { name: 'trails', weight: 0.25 },
          { name: 'hiking', weight: 0.25 },
        ],
        embedding: null,
      },
    ]);
    expect(series).toHaveLength(2);
    expect(series[0]).toMatchObject({
      periodStart: '2024-01-08',
      previousStart: '2024-01-01',
      cosineDistance: null,
      appeared: ['hiking', 'trails'],
      faded: ['dogs'],
    });
    expect(series[0].jsd).toBeCloseTo(
      jensenShannon(dist({ cat: 0.5, dog: 0.5 }), dist({ cat: 0.5, trail: 0.25, hiking: 0.25 })),
      12,
    );
    expect(series[0].jsd).toBeGreaterThan(0);
    expect(series[0].jsd).toBeLessThan(1);
    expect(series[1]).toMatchObject({
      periodStart: '2024-01-15',
      previousStart: '2024-01-08',
      appeared: [],
      faded: ['Cat', 'trails'],
    });
    for (const point of series) {
      expect(point.topicDrift).toBeGreaterThanOrEqual(0);
      expect(point.topicDrift).toBeLessThanOrEqual(1);
    }
  });

  it('reads periods of one theme as closer than raw divergence does, and a change of theme as far apart', () => {
    const week = (start: string, names: string[]) => ({
      periodStart: start,
      topics: names.map((name) => ({ name, weight: 1 })),
    });
    // Two themes of four weeks each; every week lists three of its theme's four topics.
    const series = driftSeries([
      week('2024-01-01', ['dough', 'flour', 'starter']),
      week('2024-01-08', ['flour', 'starter', 'oven']),
      week('2024-01-15', ['dough', 'starter', 'oven']),
      week('2024-01-22', ['dough', 'flour', 'oven']),
      week('2024-01-29', ['venue', 'florist', 'caterer']),
      week('2024-02-05', ['florist', 'caterer', 'dress']),
      week('2024-02-12', ['venue', 'caterer', 'dress']),
      week('2024-02-19', ['venue', 'florist', 'dress']),
    ]);
    const change = series.find((p) => p.periodStart === '2024-01-29') as DriftPoint;
    const inside = series.filter((p) => p !== change);
    for (const p of inside) {
      expect(p.topicDrift).toBeLessThan(p.jsd);
      expect(change.topicDrift).toBeGreaterThan(3 * p.topicDrift);
    }
    expect(change.jsd).toBeCloseTo(1, 12);
  });

  it('measures embedding drift when both periods have embeddings of the same size', () => {
    const [point] = driftSeries([
      { periodStart: '2024-01-01', topics: [], embedding: [1, 0] },
      { periodStart: '2024-01-08', topics: [], embedding: [0, 1] },
    ]);
    expect(point.cosineDistance).toBeCloseTo(1, 12);
    expect(point.jsd).toBe(0);
    expect(point.topicDrift).toBe(0);
    expect(driftSeries([{ periodStart: '2024-01-01', topics: [] }])).toEqual([]);
  });
});

describe('driftToCsv', () => {
  it('writes a header and one row per point, joining topics with ";"', () => {
    const csv = driftToCsv([
      {
        periodStart: '2024-01-08',
        previousStart: '2024-01-01',
        topicDrift: 0.25,
        jsd: 1 / 3,
        cosineDistance: null,
        appeared: ['hiking', 'trail'],
        faded: [],
      },
    ]);
    expect(csv).toBe(
      'period_start,previous_start,topic_drift,jsd,cosine_distance,appeared,faded\n' +
        '2024-01-08,2024-01-01,0.25,0.333333,,hiking;trail,\n',
    );
  });

  it('quotes fields holding commas, quotes or line breaks and doubles inner quotes', () => {
    const point: DriftPoint = {
      periodStart: '2024-01-08',
      previousStart: '2024-01-01',
      topicDrift: 0.125,
      jsd: 0.5,
      cosineDistance: 0.25,
      appeared: ['a, b', 'say "hi"'],
      faded: ['two\nlines'],
    };
    const [, row] = driftToCsv([point]).split(/\n(?=2024)/);
    expect(row).toBe('2024-01-08,2024-01-01,0.125,0.5,0.25,"a, b;say ""hi""","two\nlines"\n');
  });

  it('writes only the header for an empty series', () => {
    expect(driftToCsv([])).toBe(
      'period_start,previous_start,topic_drift,jsd,cosine_distance,appeared,faded\n',
    );
  });
});
