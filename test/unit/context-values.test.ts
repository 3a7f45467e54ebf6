import { describe, expect, it } from 'vitest';
import {
  CONTEXT_VALUE,
  latestCandidates,
  recallHitsFor,
  relevantCandidates,
  standingCandidates,
} from '../../src/domain/context-values.js';
import type { RecallItem, RecallResponse } from '../../src/domain/recall.js';

const parts = { relevance: 0, vector: null, lexical: null, decay: 1, levelWeight: 1 };
const item = (id: string, score: number, extra: Partial<RecallItem> = {}): RecallItem =>
  ({
    id,
    kind: 'memory',
    level: 'memory',
    text: `text of ${id}`,
    speaker: 'Ana',
    ts: '2024-05-01T10:00:00.000Z',
    score,
    scoreParts: parts,
    path: [id],
    details: [],
    neighbours: [],
    ...extra,
  }) as RecallItem;
const response = (items: RecallItem[]): RecallResponse => ({
  query: 'q',
  k: 10,
  items,
  minScore: 0,
  abstained: false,
  entities: [],
  tookMs: 1,
});

describe('relevantCandidates', () => {
  it('keeps recall’s order: what its floor returns from 1 down to 0.5, the weaker hits below 0.3', () => {
    const reply = {
      id: 'r',
      text: 'the reply',
      speaker: 'Ben',
      ts: '2024-05-01T10:01:00.000Z',
      score: 0,
      path: [],
    };
    const found = relevantCandidates(
      response([item('a', 0.9, { details: [reply] }), item('b', 0.25), item('c', 0.1)]),
      0.3,
    );
    expect(found.relevant.map((m) => [m.id, m.value])).toEqual([
      ['a', 1],
      ['r', 0.75],
      ['b', 0.5],
      ['c', CONTEXT_VALUE.weakHits.top],
    ]);
    expect(found.relevant[1]?.speaker).toBe('Ben');
  });

  it('values every hit as background when none reaches the floor: the group holds no answer', () => {
    const found = relevantCandidates(response([item('a', 0.29), item('b', 0.2)]), 0.3);
    expect(found.relevant[0]?.value).toBe(CONTEXT_VALUE.unanswered.top);
    expect(found.relevant[1]?.value).toBeCloseTo(CONTEXT_VALUE.unanswered.bottom);
  });

  it('offers a summary hit as a period, below the value of its place, and its memories as turns', () => {
    const summary = item('s', 0.8, {
      kind: 'summary',
      level: 'day',
      periodStart: '2024-05-01',
      details: [
        { id: 'm', text: 'under it', speaker: 'Ana', ts: '2024-05-01T09:00:00.000Z', score: 0.5, path: [] },
      ],
    });
    const found = relevantCandidates(response([summary]), 0.3);
    expect(found.relevantSummaries).toEqual([
      {
        id: 's',
        level: 'day',
        periodStart: '2024-05-01',
        text: 'text of s',
        value: CONTEXT_VALUE.summaryHitShare,
      },
    ]);
    expect(found.relevant.map((m) => m.id)).toEqual(['m']);
  });
});

describe('standingCandidates', () => {
  const layers = {
    eras: [{ id: 'e', theme: 'boats', start: '2024-01-01', text: null }],
    months: [{ id: 'mo', periodStart: '2024-04-01', text: 'April: the regatta.' }],
    weeks: [],
    days: [
      { id: 'd2', periodStart: '2024-05-02', text: 'Painted the hull.' },
      { id: 'd1', periodStart: '2024-05-01', text: 'Bought paint.' },
    ],
  };

  it('values the frame by level and age without a query', () => {
    const values = Object.fromEntries(standingCandidates(layers).map((p) => [p.id, p.value]));
    expect(values.e).toBe(CONTEXT_VALUE.withoutQuery.layer.era);
    expect(values.d2).toBeGreaterThan(values.d1 as number);
  });

  it('with a query, raises the layers that mention it', () => {
    const values = Object.fromEntries(
      standingCandidates(layers, 'when was the regatta?').map((p) => [p.id, p.value]),
    );
    expect(values.mo).toBeGreaterThan(values.d2 as number);
    expect(values.d2).toBeCloseTo(CONTEXT_VALUE.withQuery.layer.day);
    expect(standingCandidates(layers).find((p) => p.id === 'e')).toMatchObject({ theme: 'boats', text: '' });
  });
});

describe('latestCandidates and recallHitsFor', () => {
  it('values the newest turn most, and far less when there is a query', () => {
    const turns = ['a', 'b', 'c'].map((id) => ({ id, text: id, speaker: 'Ana', ts: '2024-05-01T00:00:00Z' }));
    const plain = latestCandidates(turns).map((t) => t.value);
    expect(plain[0]).toBeGreaterThan(plain[2] as number);
    expect(latestCandidates(turns, 'q')[0]?.value).toBeLessThan(CONTEXT_VALUE.weakHits.bottom);
  });

  it('asks recall for more hits as the budget grows, within 20 and 100', () => {
    expect(recallHitsFor(100)).toBe(20);
    expect(recallHitsFor(400)).toBe(40);
    expect(recallHitsFor(100_000)).toBe(100);
  });
});
