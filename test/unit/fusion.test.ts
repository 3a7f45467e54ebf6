import { describe, expect, it } from 'vitest';
import { normalisedScoreFusion, reciprocalRankFusion } from '../../src/domain/fusion.js';

const ids = (...names: string[]) => names.map((id) => ({ id }));

describe('reciprocalRankFusion', () => {
  it('sums 1/(k+rank) over the lists and divides by the best achievable score', () => {
    const fused = reciprocalRankFusion([ids('a', 'b', 'c'), ids('b', 'a')]);
    const best = 2 / 61;
    expect(fused.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(fused[0]?.fused).toBeCloseTo((1 / 61 + 1 / 62) / best, 12);
    expect(fused[1]?.fused).toBeCloseTo((1 / 62 + 1 / 61) / best, 12);
    expect(fused[2]?.fused).toBeCloseTo(1 / 63 / best, 12);
    expect(fused[2]?.ranks).toEqual([3, null]);
    expect(fused[0]?.ranks).toEqual([1, 2]);
  });

  it('gives exactly 1 to an id that is first in every list', () => {
    const fused = reciprocalRankFusion([ids('x', 'y'), ids('x'), ids('z', 'x')]);
    // x is first in two of three lists, so it cannot reach 1; y is only second in one list.
    expect(fused[0]?.id).toBe('x');
    expect(fused[0]?.fused).toBeCloseTo((1 / 61 + 1 / 61 + 1 / 62) / (3 / 61), 12);
    const alone = reciprocalRankFusion([ids('x'), ids('x')]);
    expect(alone[0]?.fused).toBe(1);
  });

  it('uses k: with k = 0 the reciprocal ranks are 1, 1/2, ...', () => {
    const fused = reciprocalRankFusion([ids('x', 'y'), ids('y')], 0);
    expect(fused).toEqual([
      { id: 'y', fused: 0.75, ranks: [2, 1] },
      { id: 'x', fused: 0.5, ranks: [1, null] },
    ]);
  });

  it('breaks ties by best single rank, then by id', () => {
    // With k = 0: p scores 1/2 + 1/2, q scores 1/1, r scores 1/1 — all equal.
    const fused = reciprocalRankFusion([ids('q', 'p'), ids('r', 'p')], 0);
    expect(fused.map((f) => f.fused)).toEqual([0.5, 0.5, 0.5]);
    expect(fused.map((f) => f.id)).toEqual(['q', 'r', 'p']);
  });

  it('leaves empty lists out of the maximum and keeps the best rank of a repeated id', () => {
    const fused = reciprocalRankFusion([ids('a', 'b', 'a'), []]);
    expect(fused.map((f) => [f.id, f.ranks])).toEqual([
      ['a', [1, null]],
      ['b', [2, null]],
    ]);
    expect(fused[0]?.fused).toBe(1);
    expect(fused[1]?.fused).toBeCloseTo(61 / 62, 12);
  });

  it('returns nothing for no hits and rejects a negative k', () => {
    expect(reciprocalRankFusion([[], []])).toEqual([]);
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(() => reciprocalRankFusion([ids('a')], -1)).toThrow(RangeError);
  });
});

describe('weighted reciprocal-rank fusion', () => {
  it('lets a heavier list decide the order', () => {
    const vector = [{ id: 'v' }, { id: 'both' }];
    const lexical = [{ id: 'l' }, { id: 'm' }, { id: 'n' }, { id: 'o' }, { id: 'both' }];
    const equal = reciprocalRankFusion([vector, lexical]).map((e) => e.id);
    expect(equal[0]).toBe('both');
    const lexicalLeads = reciprocalRankFusion([vector, lexical], 60, [0.05, 1]).map((e) => e.id);
    // The weak list only nudges: BM25's first hit leads, and its own first hit comes last.
    expect(lexicalLeads[0]).toBe('l');
    expect(lexicalLeads[lexicalLeads.length - 1]).toBe('v');
  });

  it('normalises by the weights of the lists that found something', () => {
    const [top] = reciprocalRankFusion([[{ id: 'a' }], [{ id: 'a' }]], 60, [0.5, 1]);
    expect(top?.fused).toBeCloseTo(1, 12);
    const [alone] = reciprocalRankFusion([[{ id: 'a' }], []], 60, [0.5, 1]);
    expect(alone?.fused).toBeCloseTo(1, 12);
  });

  it('rejects a negative weight', () => {
    expect(() => reciprocalRankFusion([[{ id: 'a' }]], 60, [-1])).toThrow(RangeError);
  });
});

describe('normalisedScoreFusion', () => {
  it("sums each list's scores min-max normalised, weighted, over the weights of the lists that found anything", () => {
    const fused = normalisedScoreFusion(
      [
        [
          { id: 'a', score: 0.9 },
          { id: 'b', score: 0.8 },
          { id: 'c', score: 0.7 },
        ],
        [
          { id: 'c', score: 12 },
          { id: 'a', score: 2 },
        ],
      ],
      [1, 1],
    );
    // a: 1 and 0 → 0.5; c: 0 and 1 → 0.5; b: 0.5 and absent → 0.25. Ties go to the better single rank, then the id.
    expect(fused.map((e) => [e.id, Number(e.fused.toFixed(3))])).toEqual([
      ['a', 0.5],
      ['c', 0.5],
      ['b', 0.25],
    ]);
    expect(fused.find((e) => e.id === 'c')?.ranks).toEqual([3, 1]);
  });

  it('keeps how far apart the scores are, where ranks would not', () => {
    // The vector list barely tells x from y; full text finds y far ahead. By rank, x's first place in the vector
    // list would weigh as much as y's in full text.
    const fused = normalisedScoreFusion([
      [
        { id: 'x', score: 0.9 },
        { id: 'y', score: 0.899 },
        { id: 'z', score: 0.5 },
      ],
      [
        { id: 'y', score: 20 },
        { id: 'x', score: 1 },
      ],
    ]);
    expect(fused[0]?.id).toBe('y');
  });

  it('gives a list of one, or of equal scores, its full weight; an empty list takes no share; bad weights throw', () => {
    expect(normalisedScoreFusion([[{ id: 'only', score: 3 }], []])).toEqual([
      { id: 'only', fused: 1, ranks: [1, null] },
    ]);
    const repeated = normalisedScoreFusion([
      [
        { id: 'a', score: 1 },
        { id: 'a', score: 5 },
        { id: 'b', score: 1 },
      ],
    ]);
    expect(repeated[0]).toEqual({ id: 'a', fused: 1, ranks: [1] });
    expect(() => normalisedScoreFusion([[{ id: 'a', score: 1 }]], [-1])).toThrow(RangeError);
  });
});
