import { describe, expect, it } from 'vitest';
import { firstK, memoryIds } from '../../bench/lib/evidence.js';
import {
  haystackMemories,
  isAbstention,
  type LmeQuestion,
  LmeTally,
  lmeAskedAt,
  lmeInstant,
  MAX_TEXT_CHARS,
  ndcgAt,
  rankedSessions,
  recallAllAt,
  recallAnyAt,
  sessionScores,
  sessionsAfterQuestion,
  turnScores,
} from '../../bench/lib/longmemeval.js';

describe('bench longmemeval: dates and haystacks', () => {
  it('reads a LongMemEval date as UTC, plus minutes', () => {
    expect(lmeInstant('2023/05/30 (Tue) 23:40')).toBe('2023-05-30T23:40:00.000Z');
    expect(lmeInstant('2023/05/30 (Tue) 23:40', 21)).toBe('2023-05-31T00:01:00.000Z');
    expect(() => lmeInstant('2023-05-30 23:40')).toThrow(/LongMemEval date/);
  });

  it('reads when a question is asked by its day (the end of it) or by its minute', () => {
    expect(lmeAskedAt('2023/05/30 (Tue) 08:39', 'day')).toBe('2023-05-30T23:59:59.999Z');
    expect(lmeAskedAt('2023/12/31 (Sun) 08:39', 'day')).toBe('2023-12-31T23:59:59.999Z');
    expect(lmeAskedAt('2023/05/30 (Tue) 08:39', 'minute')).toBe('2023-05-30T08:39:00.000Z');
  });

  it('counts the sessions dated after their question, later that day and on a later day', () => {
    const counts = sessionsAfterQuestion([
      {
        question_date: '2023/05/30 (Tue) 08:39',
        haystack_dates: ['2023/05/29 (Mon) 23:00', '2023/05/30 (Tue) 08:39', '2023/05/30 (Tue) 20:50'],
      },
      { question_date: '2023/05/30 (Tue) 23:59', haystack_dates: ['2023/05/31 (Wed) 00:00'] },
    ]);
    expect(counts).toEqual({ sessions: 4, laterSameDay: 1, laterDay: 1 });
  });

  it('gives every turn its session, a minute a turn, its role, and marks the evidence', () => {
    const question: LmeQuestion = {
      question_id: 'q1',
      question_type: 'multi-session',
      question: 'what?',
      answer: 'that',
      question_date: '2023/06/01 (Thu) 10:00',
      haystack_session_ids: ['a', 'a', 'b'],
      haystack_dates: ['2023/05/01 (Mon) 09:00', '2023/05/02 (Tue) 09:00', '2023/05/03 (Wed) 09:00'],
      haystack_sessions: [
        [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello', has_answer: true },
        ],
        [{ role: 'user', content: 'again' }],
        [{ role: 'user', content: 'x'.repeat(MAX_TEXT_CHARS + 5), has_answer: true }],
      ],
      answer_session_ids: ['a', 'b'],
    };
    const h = haystackMemories(question, 'g');
    expect(h.memories.map((m) => [m.id, m.speaker, m.ts, m.sessionId])).toEqual([
      ['g/s0/t0', 'user', '2023-05-01T09:00:00.000Z', 'a'],
      ['g/s0/t1', 'assistant', '2023-05-01T09:01:00.000Z', 'a'],
      ['g/s1/t0', 'user', '2023-05-02T09:00:00.000Z', 'a'],
      ['g/s2/t0', 'user', '2023-05-03T09:00:00.000Z', 'b'],
    ]);
    expect(h.evidence).toEqual(['g/s0/t1', 'g/s2/t0']);
    expect(h.truncated).toBe(1);
    expect(h.memories[3]?.text.length).toBe(MAX_TEXT_CHARS);
    expect(isAbstention(question)).toBe(false);
    expect(isAbstention({ question_id: 'q1_abs' })).toBe(true);
  });
});

describe('bench longmemeval: scoring', () => {
  const sessionOf = new Map([
    ['t1', 'A'],
    ['t2', 'A'],
    ['t3', 'B'],
    ['t4', 'C'],
  ]);

  it('maps memories to their sessions in order, once each', () => {
    expect(rankedSessions(['t3', 't1', 'x', 't2', 't4'], sessionOf)).toEqual(['B', 'A', 'C']);
  });

  it('works out NDCG and recall by hand', () => {
    const relevant = new Set(['A', 'C']);
    // Relevant at ranks 2 and 3: (1/log2 3 + 1/log2 4) / (1 + 1/log2 3).
    const expected = (1 / Math.log2(3) + 0.5) / (1 + 1 / Math.log2(3));
    expect(ndcgAt(['B', 'A', 'C'], relevant, 10)).toBeCloseTo(expected);
    expect(ndcgAt(['A', 'C', 'B'], relevant, 10)).toBe(1);
    expect(ndcgAt(['B'], relevant, 10)).toBe(0);
    expect(ndcgAt(['B', 'A'], relevant, 1)).toBe(0);
    expect(recallAnyAt(['B', 'A'], relevant, 1)).toBe(0);
    expect(recallAnyAt(['B', 'A'], relevant, 2)).toBe(1);
    expect(recallAllAt(['B', 'A'], relevant, 10)).toBe(0);
    expect(recallAllAt(['B', 'A', 'C'], relevant, 3)).toBe(1);
    expect(sessionScores(['B', 'A', 'C'], relevant)).toMatchObject({ anyAt5: 1, allAt10: 1, sessions: 3 });
  });

  it('scores the first memories of a response: an evidence turn, the share of them, and the sessions', () => {
    const response = {
      items: [
        { kind: 'summary' as const, id: 's', details: [{ id: 't3' }, { id: 't1' }] },
        { kind: 'memory' as const, id: 't1', details: [] },
        { kind: 'memory' as const, id: 't4', details: [{ id: 't2' }] },
      ],
    };
    const ids = memoryIds(response as never);
    expect(ids).toEqual(['t3', 't1', 't1', 't4', 't2']);
    expect(firstK(ids, 3)).toEqual(['t3', 't1', 't4']);
    const scores = turnScores(firstK(ids, 3), ['t2', 't4'], sessionOf, new Set(['C']));
    expect(scores).toMatchObject({ evidenceTurn: 1, evidenceShare: 0.5, sessions: 3, anyAt5: 1, allAt10: 1 });
    expect(scores.ndcg10).toBeCloseTo(0.5);
  });

  it('means per question type and over all, each question weighing the same', () => {
    const tally = new LmeTally();
    tally.add('multi-session', { evidenceShare: 1, sessions: 2 });
    tally.add('multi-session', { evidenceShare: 0, sessions: 6 });
    tally.add('temporal-reasoning', { evidenceShare: 0.5, sessions: 4 });
    expect(tally.mean('evidenceShare', 'multi-session')).toBe(0.5);
    expect(tally.mean('evidenceShare')).toBe(0.5);
    expect(tally.mean('ndcg10')).toBeNaN();
    expect(tally.questions('multi-session')).toBe(2);
    expect(tally.count('sessions', (s) => s < 5)).toBe(2);
  });
});
