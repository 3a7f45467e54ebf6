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
  sessionEvidence,
  windowEvidence,
} from '../../src/domain/term-evidence.js';

/** A term as the search weighed it: found in some text of the group unless said otherwise. */
const stat = (term: string, memoryCount: number, found = memoryCount > 0) => ({ term, memoryCount, found });

describe('term evidence', () => {
  const { weights, hits } = lexicalEvidence(
    [stat('lisbon', 1), stat('flight', 2), stat('booked', 0)],
    [
      { id: 'a', level: 'memory', decay: 1, bm25: 5.1, terms: ['lisbon', 'flight'] },
      { id: 'b', level: 'memory', decay: 1, bm25: 3.2, terms: ['flight'] },
    ],
    100,
  );

  it('weighs rare terms over common ones, and a plain word the group never uses at a share of its idf', () => {
    expect(idf(100, 0)).toBeGreaterThan(idf(100, 1));
    expect(idf(100, 1)).toBeGreaterThan(idf(100, 50));
    expect(weights.get('lisbon')).toBe(idf(100, 1));
    expect(weights.get('booked')).toBe(ABSENT_WORD_WEIGHT * idf(100, 0));
    expect(weights.get('booked')).toBeLessThan(weights.get('flight') ?? 0);
  });

  it('weighs a term only summaries hold at its idf, not as a word the group never uses', () => {
    const { weights: w } = lexicalEvidence([stat('allotment', 0, true)], [], 100);
    expect(w.get('allotment')).toBe(idf(100, 0));
  });

  it('holds a question the group can answer in other words than the asker’s over the floor', () => {
    // "Would Ana likely pursue painting?" of a group where Ana paints: "likely" and "pursue" are the asker's words.
    const { weights: w } = lexicalEvidence(
      [stat('ana', 40), stat('likely', 0), stat('pursue', 0), stat('painting', 3)],
      [],
      100,
      { names: new Set(['ana']), dates: new Set() },
    );
    expect(coverage(['ana', 'painting'], w)).toBeGreaterThan(0.4);
  });

  it('keeps each hit’s score and the terms it holds, in the period or not', () => {
    expect(hits.get('a')).toEqual({
      id: 'a',
      level: 'memory',
      decay: 1,
      inPeriod: false,
      bm25: 5.1,
      terms: new Set(['lisbon', 'flight']),
      speaker: null,
      sessionId: null,
    });
    const { hits: dated } = lexicalEvidence(
      [stat('lisbon', 1)],
      [
        { id: 'c', level: 'day', decay: 0.5, inPeriod: true, bm25: 1, terms: ['lisbon'] },
        { id: 'd', level: 'memory', decay: 1, bm25: 1, terms: ['lisbon'], speaker: 'assistant' },
      ],
      100,
    );
    expect(dated.get('c')?.inPeriod).toBe(true);
    expect(dated.get('d')?.speaker).toBe('assistant');
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
    const terms = [stat('maria', 0), stat('daughter', 1), stat('birthday', 1)];
    const asWords = lexicalEvidence(terms, [], 2000);
    const asName = lexicalEvidence(terms, [], 2000, { names: new Set(['maria']), dates: new Set() });
    expect(asName.weights.get('maria')).toBe(ABSENT_NAME_WEIGHT * idf(2000, 0));
    expect(asName.weights.get('daughter')).toBe(idf(2000, 1));
    const held = ['daughter', 'birthday'];
    expect(coverage(held, asWords.weights)).toBeGreaterThan(0.6);
    expect(coverage(held, asName.weights)).toBeLessThan(0.4);
    // A name the group does mention weighs what its idf says.
    const mentioned = lexicalEvidence([stat('maria', 3)], [], 2000, {
      names: new Set(['maria']),
      dates: new Set(),
    });
    expect(mentioned.weights.get('maria')).toBe(idf(2000, 3));
  });

  it('weighs nothing for a date no message writes out, and its idf for one that some message does', () => {
    const dates = { names: new Set<string>(), dates: new Set(['february', '2023']) };
    const { weights: w } = lexicalEvidence(
      [stat('wholesaler', 1), stat('february', 0), stat('2023', 2)],
      [],
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

  it("scores a session from its memory hits, each term's weight times a count that saturates", () => {
    const weights = new Map([
      ['plant', 2],
      ['sister', 3],
    ]);
    const hit = (id: string, terms: string[], sessionId: string | null, level = 'memory') => ({
      id,
      level,
      decay: 1,
      inPeriod: false,
      bm25: 1,
      terms: new Set(terms),
      speaker: null,
      sessionId,
    });
    const sessions = sessionEvidence(
      [
        hit('a1', ['plant'], 'a'),
        hit('a2', ['plant', 'sister'], 'a'),
        hit('b1', ['plant'], 'b'),
        hit('c1', ['plant'], 'c'),
        hit('c2', ['plant'], 'c'),
        hit('c3', ['plant'], 'c'),
        // A summary, and a memory stored without a session, count for none.
        hit('s', ['sister'], 'b', 'session'),
        hit('n', ['sister'], null),
      ],
      weights,
    );
    // One hit counts its term's weight once; more count for more, never for as many times.
    expect(sessions.get('b')).toBeCloseTo(2);
    expect(sessions.get('c')).toBeGreaterThan(2 * 1.5);
    expect(sessions.get('c')).toBeLessThan(2 * 2.2);
    // A session that holds more of the query's words counts more than one that holds one word more often.
    expect(sessions.get('a')).toBeCloseTo((2 * 2 * 2.2) / 3.2 + 3);
    expect(sessions.get('a')).toBeGreaterThan(sessions.get('c') ?? 0);
    expect([...sessions.keys()].sort()).toEqual(['a', 'b', 'c']);
  });
});
