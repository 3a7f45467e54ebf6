import { describe, expect, it } from 'vitest';
import {
  binPeriods,
  type EraPeriod,
  featuresOf,
  silencePenaltyFactors,
} from '../../src/domain/era-series.js';
import { addDays } from '../../src/domain/periods.js';

function day(date: string, messageCount: number | null, embedding: number[] | null, topics: string[] = []) {
  return {
    periodStart: date,
    periodEnd: addDays(date, 1),
    embedding,
    topics: topics.map((name) => ({ name, weight: 1 })),
    messageCount,
    speakers: ['ana'],
  } satisfies EraPeriod;
}

describe('binPeriods', () => {
  it('leaves busy days alone and pools thin ones, within a week, weighting each by its messages', () => {
    const bins = binPeriods(
      [
        day('2024-01-01', 20, [1, 0], ['tent']),
        day('2024-01-02', 1, [1, 0], ['boot']),
        day('2024-01-04', 3, [0, 1], ['trail']),
        day('2024-01-05', 4, [0, 1], ['trail']),
        day('2024-01-20', 2, [1, 0], ['tent']),
      ],
      8,
    );
    expect(bins.map((b) => [b.periodStart, b.periodEnd, b.messageCount, b.silenceBefore])).toEqual([
      ['2024-01-01', '2024-01-02', 20, 0],
      ['2024-01-02', '2024-01-06', 8, 0],
      // Alone and thin: nothing within a week to pool it with.
      ['2024-01-20', '2024-01-21', 2, 14],
    ]);
    const pooled = bins[1] as (typeof bins)[number];
    // One message on [1, 0], seven on [0, 1]: the pooled vector leans 7:1 and is unit length.
    expect(pooled.embedding?.[0]).toBeCloseTo(1 / Math.hypot(1, 7), 12);
    expect(pooled.embedding?.[1]).toBeCloseTo(7 / Math.hypot(1, 7), 12);
    expect(Object.fromEntries(pooled.topics.map((t) => [t.name, t.weight]))).toEqual({
      boot: 1 / 8,
      trail: 7 / 8,
    });
  });

  it('treats a period without a message count as full, and sorts what it is given', () => {
    const bins = binPeriods([day('2024-01-02', null, [0, 1]), day('2024-01-01', null, [1, 0])], 8);
    expect(bins.map((b) => b.periodStart)).toEqual(['2024-01-01', '2024-01-02']);
  });
});

describe('featuresOf', () => {
  it('uses the content vectors, scaled to unit length, with the mean of the others where one is missing', () => {
    const periods: EraPeriod[] = [
      {
        periodStart: '2024-01-01',
        periodEnd: '2024-01-08',
        embedding: [3, 4],
        topics: [{ name: 'cat', weight: 1 }],
      },
      {
        periodStart: '2024-01-08',
        periodEnd: '2024-01-15',
        embedding: null,
        topics: [{ name: 'fish', weight: 1 }],
      },
    ];
    const rows = featuresOf(periods, ['cat', 'dog']);
    expect(rows.map((r) => r.map((v) => Number(v.toFixed(12))))).toEqual([
      [0.6, 0.8],
      [0.6, 0.8],
    ]);
  });

  it('reads topics alone, or vectors and topics side by side, when asked', () => {
    const periods = [
      {
        periodStart: '2024-01-01',
        periodEnd: '2024-01-02',
        embedding: [3, 4],
        topics: [{ name: 'cat', weight: 1 }],
      },
      {
        periodStart: '2024-01-02',
        periodEnd: '2024-01-03',
        embedding: [0, 1],
        topics: [{ name: 'dog', weight: 1 }],
      },
    ];
    const round = (rows: number[][]) => rows.map((r) => r.map((v) => Number(v.toFixed(12))));
    // Topics over the vocabulary [cat, dog] and the mass outside it, square-rooted.
    expect(round(featuresOf(periods, ['cat', 'dog'], 'topics'))).toEqual([
      [1, 0, 0],
      [0, 1, 0],
    ]);
    const both = featuresOf(periods, ['cat', 'dog'], 'both');
    const h = Math.SQRT1_2;
    expect(round(both)).toEqual(
      round([
        [0.6 * h, 0.8 * h, h, 0, 0],
        [0, h, 0, h, 0],
      ]),
    );
    for (const row of both) expect(Math.hypot(...row)).toBeCloseTo(1, 12);
    expect(featuresOf(periods, ['cat', 'dog'], 'embeddings')).toEqual(featuresOf(periods, ['cat', 'dog']));
  });

  it('falls back on the square-rooted topic distribution when no period has a vector', () => {
    const rows = featuresOf(
      [
        {
          periodStart: '2024-01-01',
          periodEnd: '2024-01-08',
          embedding: null,
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
      ],
      ['cat', 'dog'],
    );
    // cat, dog, then the mass outside the vocabulary: a unit vector, so distances are Hellinger distances.
    expect(rows[0]?.[0]).toBeCloseTo(Math.sqrt(0.75), 12);
    expect(rows[0]?.[1]).toBeCloseTo(0.5, 12);
    expect(rows[0]?.[2]).toBeCloseTo(0, 12);
    expect(rows[1]).toEqual([0, 0, 1]);
    // The vocabulary defaults to the heaviest topics of the data.
    expect(
      featuresOf([
        {
          periodStart: '2024-01-01',
          periodEnd: '2024-01-02',
          embedding: null,
          topics: [{ name: 'a', weight: 1 }],
        },
      ]),
    ).toEqual([[1, 0]]);
  });
});

describe('silencePenaltyFactors', () => {
  it('makes a boundary cheaper after a silence long for this group, never free', () => {
    // Pauses of 2 days are the rule here; 26 days is nine times that (with the +1 smoothing), past saturation.
    const starts = ['2024-01-01', '2024-01-04', '2024-01-07', '2024-01-10', '2024-02-06', '2024-02-09'];
    const bins = binPeriods(
      starts.map((d) => day(d, 20, [1, 0])),
      8,
    );
    expect(bins.map((b) => b.silenceBefore)).toEqual([0, 2, 2, 2, 26, 2]);
    const factors = silencePenaltyFactors(bins, 0.3);
    expect(factors.map((f) => Number(f.toFixed(6)))).toEqual([1, 1, 1, 1, 0.7, 1]);
    expect(silencePenaltyFactors(bins, 0)).toEqual([1, 1, 1, 1, 1, 1]);
    // Four times the typical pause: two thirds of the way to the full weight on a log scale.
    const partial = silencePenaltyFactors(
      binPeriods(
        ['2024-01-01', '2024-01-04', '2024-01-07', '2024-01-10', '2024-01-22'].map((d) => day(d, 20, [1, 0])),
        8,
      ),
      0.3,
    );
    expect(partial[4]).toBeCloseTo(1 - 0.3 * (Math.log(4) / Math.log(8)), 12);
  });
});
