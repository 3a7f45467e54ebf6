import { describe, expect, it } from 'vitest';
import {
  ABSENT_NAME_WEIGHT,
  coverage,
  idf,
  lexicalEvidence,
  windowEvidence,
} from '../../src/domain/term-evidence.js';

describe('term evidence', () => {
  const { weights, hits } = lexicalEvidence(
    [
      { term: 'lisbon', memoryCount: 1, hits: [{ id: 'a', level: 'memory', score: 3, decay: 1 }] },
      {
        term: 'flight',
        memoryCount: 2,
        hits: [
          { id: 'a', level: 'memory', score: 1, decay: 1 },
          { id: 'b', level: 'memory', score: 1.5, decay: 1 },
        ],
      },
      { term: 'booked', memoryCount: 0, hits: [] },
    ],
    100,
  );

  it('weighs rare terms over common ones, and an absent term most', () => {
    expect(idf(100, 0)).toBeGreaterThan(idf(100, 1));
    expect(idf(100, 1)).toBeGreaterThan(idf(100, 50));
    expect(weights.get('booked')).toBe(idf(100, 0));
  });

  it('sums term scores per hit and records the terms it holds', () => {
    expect(hits.get('a')?.bm25).toBe(4);
    expect([...(hits.get('a')?.terms ?? [])]).toEqual(['lisbon', 'flight']);
    expect(hits.get('b')?.bm25).toBe(1.5);
  });

  it('measures coverage on a fixed 0..1 scale', () => {
    const all = coverage(['lisbon', 'flight', 'booked'], weights);
    expect(all).toBeCloseTo(1, 12);
    expect(coverage([], weights)).toBe(0);
    // The term the group never used carries the most weight, so a hit without it covers well under half.
    expect(coverage(['lisbon', 'flight'], weights)).toBeLessThan(0.7);
    expect(coverage(['flight'], weights)).toBeLessThan(coverage(['lisbon'], weights));
  });

  it('counts a neighbouring turn at half its worth', () => {
    const alone = windowEvidence(hits.get('b'), [], weights);
    const withNeighbour = windowEvidence(hits.get('b'), [hits.get('a')], weights);
    expect(withNeighbour.bm25).toBe(1.5 + 0.5 * 4);
    expect(withNeighbour.coverage).toBeCloseTo(alone.coverage + 0.5 * coverage(['lisbon'], weights), 12);
    expect(windowEvidence(undefined, [hits.get('a')], weights).bm25).toBe(2);
  });

  it('weighs a name the group never mentions above any word it uses, so a question about it is barely covered', () => {
    const daughter = { id: 'd', level: 'memory', score: 2, decay: 1 };
    const termHits = [
      { term: 'maria', memoryCount: 0, hits: [] },
      { term: 'daughter', memoryCount: 1, hits: [daughter] },
      { term: 'birthday', memoryCount: 1, hits: [daughter] },
    ];
    const asWords = lexicalEvidence(termHits, 2000);
    const asName = lexicalEvidence(termHits, 2000, new Set(['maria']));
    expect(asName.weights.get('maria')).toBe(ABSENT_NAME_WEIGHT * idf(2000, 0));
    expect(asName.weights.get('daughter')).toBe(idf(2000, 1));
    const held = ['daughter', 'birthday'];
    expect(coverage(held, asWords.weights)).toBeGreaterThan(0.6);
    expect(coverage(held, asName.weights)).toBeLessThan(0.4);
    // A name the group does mention weighs what its idf says.
    const mentioned = lexicalEvidence(
      [{ term: 'maria', memoryCount: 3, hits: [daughter] }],
      2000,
      new Set(['maria']),
    );
    expect(mentioned.weights.get('maria')).toBe(idf(2000, 3));
  });
});
