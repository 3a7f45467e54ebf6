import { describe, expect, it } from 'vitest';
import {
  ABSENT_NAME_WEIGHT,
  ABSENT_WORD_WEIGHT,
  asksAbout,
  asksQuestion,
  coverage,
  idf,
  lexicalEvidence,
  SHORT_TURN,
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

  it('weighs rare terms over common ones, and a plain word the group never uses at a share of its idf', () => {
    expect(idf(100, 0)).toBeGreaterThan(idf(100, 1));
    expect(idf(100, 1)).toBeGreaterThan(idf(100, 50));
    expect(weights.get('booked')).toBe(ABSENT_WORD_WEIGHT * idf(100, 0));
    expect(weights.get('booked')).toBeLessThan(weights.get('flight') ?? 0);
  });

  it('holds a question the group can answer in other words than the asker’s over the floor', () => {
    // "Would Ana likely pursue painting?" of a group where Ana paints: "likely" and "pursue" are the asker's words.
    const painted = { id: 'p', level: 'memory', score: 2, decay: 1 };
    const { weights: w } = lexicalEvidence(
      [
        { term: 'ana', memoryCount: 40, hits: [painted] },
        { term: 'likely', memoryCount: 0, hits: [] },
        { term: 'pursue', memoryCount: 0, hits: [] },
        { term: 'painting', memoryCount: 3, hits: [painted] },
      ],
      100,
      { names: new Set(['ana']), dates: new Set() },
    );
    expect(coverage(['ana', 'painting'], w)).toBeGreaterThan(0.4);
  });

  it('sums per term the share of its best hit’s score times its idf in the group, and records the terms held', () => {
    expect(hits.get('a')?.bm25).toBeCloseTo(idf(100, 1) + (1 / 1.5) * idf(100, 2), 12);
    expect([...(hits.get('a')?.terms ?? [])]).toEqual(['lisbon', 'flight']);
    expect(hits.get('b')?.bm25).toBeCloseTo(idf(100, 2), 12);
  });

  it('ranks by the group’s own term statistics, not those of the index every group shares', () => {
    // Lucene scores "ana" high, as few memories in the whole database hold it; but she speaks half of this
    // group's turns, so the turn holding the group's rare word "visa" ranks first.
    const { hits: ranked } = lexicalEvidence(
      [
        { term: 'ana', memoryCount: 50, hits: [{ id: 'ana-said', level: 'memory', score: 9, decay: 1 }] },
        { term: 'visa', memoryCount: 2, hits: [{ id: 'visa', level: 'memory', score: 2, decay: 1 }] },
      ],
      100,
    );
    expect(ranked.get('visa')?.bm25).toBeGreaterThan(ranked.get('ana-said')?.bm25 ?? 0);
  });

  it('measures coverage on a fixed 0..1 scale', () => {
    const all = coverage(['lisbon', 'flight', 'booked'], weights);
    expect(all).toBeCloseTo(1, 12);
    expect(coverage([], weights)).toBe(0);
    // The word the group never used still counts, at half its idf, so a hit without it is not whole.
    expect(coverage(['lisbon', 'flight'], weights)).toBeLessThan(0.8);
    expect(coverage(['flight'], weights)).toBeLessThan(coverage(['lisbon'], weights));
  });

  it('counts a neighbouring turn at half its worth', () => {
    const alone = windowEvidence(hits.get('b'), [], weights);
    const withNeighbour = windowEvidence(hits.get('b'), [hits.get('a')], weights);
    expect(withNeighbour.bm25).toBeCloseTo(alone.bm25 + 0.5 * (hits.get('a')?.bm25 ?? 0), 12);
    expect(withNeighbour.coverage).toBeCloseTo(alone.coverage + 0.5 * coverage(['lisbon'], weights), 12);
    expect(windowEvidence(undefined, [hits.get('a')], weights).bm25).toBeCloseTo(
      0.5 * (hits.get('a')?.bm25 ?? 0),
      12,
    );
  });

  it('weighs a name the group never mentions above any word it uses, so a question about it is barely covered', () => {
    const daughter = { id: 'd', level: 'memory', score: 2, decay: 1 };
    const termHits = [
      { term: 'maria', memoryCount: 0, hits: [] },
      { term: 'daughter', memoryCount: 1, hits: [daughter] },
      { term: 'birthday', memoryCount: 1, hits: [daughter] },
    ];
    const asWords = lexicalEvidence(termHits, 2000);
    const asName = lexicalEvidence(termHits, 2000, { names: new Set(['maria']), dates: new Set() });
    expect(asName.weights.get('maria')).toBe(ABSENT_NAME_WEIGHT * idf(2000, 0));
    expect(asName.weights.get('daughter')).toBe(idf(2000, 1));
    const held = ['daughter', 'birthday'];
    expect(coverage(held, asWords.weights)).toBeGreaterThan(0.6);
    expect(coverage(held, asName.weights)).toBeLessThan(0.4);
    // A name the group does mention weighs what its idf says.
    const mentioned = lexicalEvidence([{ term: 'maria', memoryCount: 3, hits: [daughter] }], 2000, {
      names: new Set(['maria']),
      dates: new Set(),
    });
    expect(mentioned.weights.get('maria')).toBe(idf(2000, 3));
  });

  it('weighs nothing for a date no message writes out, and its idf for one that some message does', () => {
    const found = { id: 'f', level: 'memory', score: 2, decay: 1 };
    const dates = { names: new Set<string>(), dates: new Set(['february', '2023']) };
    const { weights: w } = lexicalEvidence(
      [
        { term: 'wholesaler', memoryCount: 1, hits: [found] },
        { term: 'february', memoryCount: 0, hits: [] },
        { term: '2023', memoryCount: 2, hits: [found] },
      ],
      500,
      dates,
    );
    expect(w.get('february')).toBe(0);
    expect(w.get('2023')).toBe(idf(500, 2));
    expect(coverage(['wholesaler', '2023'], w)).toBeCloseTo(1, 12);
  });

  it('tells a turn that asks something, wherever its question sits, from one that states', () => {
    expect(asksQuestion('Which team did you sign with?')).toBe(true);
    expect(asksQuestion('Wow, what a fun moment! What was the band? I bet it was loud.')).toBe(true);
    expect(asksQuestion('Any plans for the summer?!')).toBe(true);
    expect(asksQuestion('We signed with a team today.')).toBe(false);
    // A web address's query string is not a question.
    expect(asksQuestion('The tickets are at https://example.com/buy?id=42&seat=3 now.')).toBe(false);
  });

  it('leaves the answer to the reply for a short turn that asks, or a long one whose matched words it asks about', () => {
    const weights = new Map([
      ['tomato', 2],
      ['plants', 1.5],
      ['heat', 1],
    ]);
    expect(asksAbout('Wow! How are your tomato plants doing?', weights)).toBe(true);
    const tells =
      'I planted 5 tomato plants in the raised bed this spring, and two more in pots by the fence last week. ' +
      'The leaves have started to curl though. What can I do about the heat?';
    expect(tells.length).toBeGreaterThan(SHORT_TURN);
    expect(asksAbout(tells, weights)).toBe(false);
    const asks =
      'We moved the raised bed to the sunny side of the garden after the storm, and the soil is finally drained. ' +
      'How far apart should I put the tomato plants this time?';
    expect(asksAbout(asks, weights)).toBe(true);
    // A statement never leaves its answer to the reply.
    expect(asksAbout('My tomato plants love the heat.', weights)).toBe(false);
  });
});
