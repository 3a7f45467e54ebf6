import { describe, expect, it } from 'vitest';
import { type Candidate, rankCandidates, SUPPORTING_SHARE } from '../../src/domain/ranking.js';

function candidate(id: string, fields: Partial<Candidate>): Candidate {
  return { id, kind: 'summary', level: 'week', vectorScore: null, lexicalScore: null, decay: 1, ...fields };
}

describe('rankCandidates', () => {
  it('fuses the vector and lexical rankings', () => {
    const ranked = rankCandidates(
      [
        candidate('both', { vectorScore: 0.8, lexicalScore: 3, level: 'day' }),
        candidate('vector', { vectorScore: 0.9, level: 'day' }),
        candidate('lexical', { lexicalScore: 5, level: 'day' }),
      ],
      { k: 10 },
    );
    expect(ranked.map((r) => r.id)).toEqual(['both', 'lexical', 'vector']);
    const both = ranked[0];
    expect(both?.scoreParts).toEqual({
      relevance: 0,
      rank: (1 / 62 + 1 / 62) / (2 / 61),
      vector: 0.8,
      lexical: 3,
      fused: (1 / 62 + 1 / 62) / (2 / 61),
      decay: 1,
      levelWeight: 1,
    });
    expect(both?.scoreParts.rank).toBeCloseTo(61 / 62, 12);
  });

  it('fuses by normalised score when asked: scores that stand close move the order little', () => {
    const candidates = [
      candidate('close-vector', { vectorScore: 0.91, lexicalScore: 1, level: 'day' }),
      candidate('clear-lexical', { vectorScore: 0.9, lexicalScore: 9, level: 'day' }),
      candidate('weak', { vectorScore: 0.5, lexicalScore: 2, level: 'day' }),
    ];
    const byScores = rankCandidates(candidates, {
      k: 10,
      fusion: 'scores',
      listWeights: { vector: 0.5, lexical: 1 },
    });
    expect(byScores.map((r) => r.id)).toEqual(['clear-lexical', 'close-vector', 'weak']);
    // clear-lexical: vector (0.9 - 0.5) / 0.41, full text 1, weighted 0.5 and 1, over 1.5.
    expect(byScores[0]?.scoreParts.fused).toBeCloseTo((0.5 * (0.4 / 0.41) + 1) / 1.5, 12);
  });

  it('lets decay change the order but never removes a hit', () => {
    const fresh = [candidate('old', { vectorScore: 0.9 }), candidate('new', { vectorScore: 0.8 })];
    expect(rankCandidates(fresh, { k: 10 }).map((r) => r.id)).toEqual(['old', 'new']);

    const decayed = [
      candidate('old', { vectorScore: 0.9, decay: 0 }),
      candidate('new', { vectorScore: 0.8 }),
    ];
    const ranked = rankCandidates(decayed, { k: 10 });
    expect(ranked.map((r) => r.id)).toEqual(['new', 'old']);
    // A fully decayed hit keeps decayFloor (0.5) of its fused score times the week weight.
    expect(ranked[1]?.scoreParts.rank).toBeCloseTo(1 * 0.5 * 0.95, 12);
    expect(ranked[1]?.scoreParts.decay).toBe(0);
  });

  it('honours a custom decay floor', () => {
    const ranked = rankCandidates([candidate('old', { vectorScore: 0.9, decay: 0 })], {
      k: 1,
      decayFloor: 0.2,
    });
    expect(ranked[0]?.scoreParts.rank).toBeCloseTo(0.2 * 0.95, 12);
  });

  it('weights levels: finer layers win at equal relevance, unless told otherwise', () => {
    // Each is first in its own list, so both fuse to 0.5.
    const hits = [
      candidate('month', { level: 'month', vectorScore: 0.7 }),
      candidate('memory', { kind: 'memory', level: 'memory', lexicalScore: 2 }),
    ];
    const ranked = rankCandidates(hits, { k: 10 });
    expect(ranked.map((r) => [r.id, r.scoreParts.rank])).toEqual([
      ['memory', 0.5],
      ['month', 0.45],
    ]);
    const reweighted = rankCandidates(hits, { k: 10, levelWeights: { month: 1.5 } });
    expect(reweighted.map((r) => r.id)).toEqual(['month', 'memory']);
    expect(reweighted[0]?.scoreParts.levelWeight).toBe(1.5);
  });

  it('reports relevance as the score, whatever the other hits, and drops hits below the floor', () => {
    const hits = [
      candidate('strong', { vectorScore: 0.9, lexicalScore: 4, level: 'day', relevance: 0.8 }),
      candidate('weak', { vectorScore: 0.1, level: 'era', kind: 'era', decay: 0, relevance: 0.1 }),
    ];
    expect(rankCandidates(hits, { k: 10 }).map((r) => [r.id, r.score])).toEqual([
      ['strong', 0.8],
      ['weak', 0.1],
    ]);
    // Alone, a hit keeps its score: the scale does not move with the best hit.
    expect(rankCandidates([hits[1] as Candidate], { k: 10 })[0]?.score).toBe(0.1);
    expect(rankCandidates(hits, { k: 10, minRelevance: 0.5 }).map((r) => r.id)).toEqual(['strong']);
    // Inclusive: a relevance equal to the floor stays.
    expect(rankCandidates(hits, { k: 10, minRelevance: 0.8 }).map((r) => r.id)).toEqual(['strong']);
    // The floor applies before the cut at k, so k hits come back when k hits pass.
    expect(rankCandidates(hits, { k: 1, minRelevance: 0.05 }).map((r) => r.id)).toEqual(['strong']);
  });

  it('answers only when a hit reaches the floor, and then with the hits that reach two thirds of it', () => {
    const hits = [
      candidate('best', { lexicalScore: 3, relevance: 0.6 }),
      candidate('supporting', { lexicalScore: 2, relevance: 0.45 }),
      candidate('weak', { lexicalScore: 1, relevance: 0.3 }),
    ];
    expect(SUPPORTING_SHARE).toBeCloseTo(2 / 3, 12);
    expect(rankCandidates(hits, { k: 10, minRelevance: 0.6 }).map((r) => r.id)).toEqual([
      'best',
      'supporting',
    ]);
    // Nothing reaches 0.65, so nothing comes back, although 0.45 and 0.6 are over two thirds of it.
    expect(rankCandidates(hits, { k: 10, minRelevance: 0.65 })).toEqual([]);
    // The hit that reaches the floor must be among the k that come back.
    const ranked = [candidate('strong-but-low', { lexicalScore: 0.5, relevance: 0.9 }), ...hits];
    expect(rankCandidates(ranked, { k: 2, minRelevance: 0.66 })).toEqual([]);
    expect(rankCandidates(ranked, { k: 3, minRelevance: 0.66 }).map((r) => r.id)).toEqual([
      'best',
      'supporting',
      'strong-but-low',
    ]);
  });

  it('cuts at k after ranking', () => {
    const hits = Array.from({ length: 8 }, (_, i) => candidate(`c${i}`, { vectorScore: i / 10 }));
    expect(rankCandidates(hits, { k: 3 }).map((r) => r.id)).toEqual(['c7', 'c6', 'c5']);
  });

  it('is deterministic whatever the input order', () => {
    const hits = [
      candidate('b', { vectorScore: 0.5 }),
      candidate('a', { vectorScore: 0.5, lexicalScore: 1 }),
      candidate('c', { lexicalScore: 1 }),
    ];
    const forward = rankCandidates(hits, { k: 10 });
    const backward = rankCandidates([...hits].reverse(), { k: 10 });
    expect(backward).toEqual(forward);
    // a is in both lists; b and c tie on fused score (each second in one list), so the id decides.
    expect(forward.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(forward[0]?.scoreParts).toMatchObject({ vector: 0.5, lexical: 1 });
  });

  it('keeps the fields a caller attached to its candidates', () => {
    const ranked = rankCandidates([{ ...candidate('x', { vectorScore: 1 }), text: 'hello' }], { k: 1 });
    expect(ranked[0]?.text).toBe('hello');
  });
});
