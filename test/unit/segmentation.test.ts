import { describe, expect, it } from 'vitest';
import {
  boundaryAgreement,
  daySegmentation,
  defaultWindow,
  parseGoldBoundaries,
  pk,
  scoreSegmentation,
  windowDiff,
} from '../../src/domain/segmentation.js';

describe('Pk and WindowDiff, as NLTK computes them', () => {
  it("gives NLTK's documented Pk examples", () => {
    const reference = '0100'.repeat(100);
    expect(pk(reference, '1'.repeat(400), 2).toFixed(2)).toBe('0.50');
    expect(pk(reference, '0'.repeat(400), 2).toFixed(2)).toBe('0.50');
    expect(pk(reference, reference, 2).toFixed(2)).toBe('0.00');
    // Exactly: 399 windows of two; '1'*400 is wrong in those 199 that hold no reference boundary.
    expect(pk(reference, '1'.repeat(400), 2)).toBe(199 / 399);
  });

  it("gives NLTK's documented WindowDiff examples", () => {
    const s1 = '000100000010';
    const s2 = '000010000100';
    const s3 = '100000010000';
    expect(windowDiff(s1, s1, 3)).toBe(0);
    expect(windowDiff(s1, s2, 3)).toBeCloseTo(0.3, 12);
    expect(windowDiff(s2, s3, 3).toFixed(2)).toBe('0.80');
  });

  it('counts every boundary in a window when weighted, and defaults k as NLTK does', () => {
    // Ten windows of three; the hypothesis puts two boundaries where the reference has none in 3 of them.
    expect(windowDiff('000000000000', '000011000000', 3, '1', true)).toBe((1 + 2 + 2 + 1) / 10);
    // round(400 / (2 * 100)) = 2; a reference without boundaries makes one window of the whole.
    expect(defaultWindow('0100'.repeat(100))).toBe(2);
    expect(pk('0100'.repeat(100), '0100'.repeat(100))).toBe(0);
    expect(defaultWindow('0000')).toBe(4);
  });

  it('refuses strings of different lengths and windows that do not fit', () => {
    expect(() => pk('0100', '010', 2)).toThrow(/differ in length/);
    expect(() => windowDiff('0100', '0100', 5)).toThrow(/k must be an integer in 1..4/);
  });
});

describe('boundaries in days', () => {
  it("marks the day before each boundary, as NLTK's strings do, leaving out those outside the line", () => {
    expect(daySegmentation('2024-03-01', '2024-03-10', ['2024-03-04', '2024-03-08', '2024-04-01'])).toBe(
      '0010001000',
    );
    expect(daySegmentation('2024-03-01', '2024-03-01', [])).toBe('0');
    expect(() => daySegmentation('2024-03-10', '2024-03-01', [])).toThrow(/before/);
  });

  it('matches found boundaries to gold ones within the margin, each once, nearest first', () => {
    // Gold on the 10th and the 20th; found on the 11th (2 days from nothing else), the 12th and the 40th.
    const agreement = boundaryAgreement(
      ['2024-03-10', '2024-03-20'],
      ['2024-03-11', '2024-03-12', '2024-04-09'],
      2,
    );
    // Only the 10th has found boundaries near it, and it takes the nearest (the 11th): 1 of 3 found, 1 of 2 gold.
    expect(agreement.precision).toBeCloseTo(1 / 3, 12);
    expect(agreement.recall).toBe(0.5);
    expect(agreement.f1).toBeCloseTo((2 * (1 / 3) * 0.5) / (1 / 3 + 0.5), 12);
    // The 9th of April is 20 days from the nearest gold boundary: the farthest of all.
    expect(agreement.hausdorffDays).toBe(20);
    expect(boundaryAgreement([], [], 3)).toEqual({ precision: 1, recall: 1, f1: 1, hausdorffDays: null });
    expect(boundaryAgreement(['2024-03-10'], [], 3)).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });

  it('scores eras against gold over the days of the group', () => {
    const score = scoreSegmentation({
      firstDay: '2024-01-01',
      lastDay: '2024-01-20',
      gold: ['2024-01-11'],
      found: ['2024-01-12'],
      marginDays: 1,
    });
    // 20 days, one gold boundary: k = round(20 / 2) = 10; one day late.
    expect(score).toMatchObject({
      days: 20,
      goldBoundaries: 1,
      foundBoundaries: 1,
      k: 10,
      precision: 1,
      recall: 1,
    });
    expect(score.hausdorffDays).toBe(1);
    expect(score.pk).toBe(pk('00000000010000000000', '00000000001000000000', 10));
    expect(score.pk).toBeCloseTo(2 / 11, 12);
  });
});

describe('gold boundaries from a file', () => {
  it('reads the first field of each line, after an optional header, and names a bad line', () => {
    expect(parseGoldBoundaries('boundary,label\n2024-03-04,move\n\n2024-06-17T10:00:00Z,job\n')).toEqual([
      '2024-03-04',
      '2024-06-17',
    ]);
    expect(parseGoldBoundaries('2024-03-04\r\n2024-03-20\r\n')).toEqual(['2024-03-04', '2024-03-20']);
    expect(() => parseGoldBoundaries('day\n2024-03-04\nsoon\n')).toThrow(/line 3: "soon" is not a date/);
  });
});
