import { describe, expect, it } from 'vitest';
import { recallRequestSchema, toAsOfWindow, toWindow } from '../../src/domain/recall.js';

function issues(input: unknown) {
  const result = recallRequestSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('recallRequestSchema', () => {
  it('fills the defaults', () => {
    expect(recallRequestSchema.parse({ query: '  coffee  ' })).toEqual({
      query: 'coffee',
      k: 10,
      mode: 'hybrid',
      expand: { turns: 1, down: true, perSummary: 3, sideways: 1 },
    });
    expect(recallRequestSchema.parse({ query: 'q', expand: { sideways: 0 } }).expand).toEqual({
      turns: 1,
      down: true,
      perSummary: 3,
      sideways: 0,
    });
  });

  it('takes a search mode and rejects an unknown one', () => {
    expect(recallRequestSchema.parse({ query: 'q', mode: 'lexical' }).mode).toBe('lexical');
    expect(issues({ query: 'q', mode: 'semantic' })[0]?.path).toBe('mode');
  });

  it('rejects an empty query', () => {
    expect(issues({ query: '   ' })).toEqual([{ path: 'query', message: 'must not be empty' }]);
    expect(issues({})[0]?.path).toBe('query');
    expect(issues({ query: 'x'.repeat(2001) })[0]?.path).toBe('query');
  });

  it('bounds k', () => {
    expect(issues({ query: 'q', k: 101 })[0]?.path).toBe('k');
    expect(issues({ query: 'q', k: 0 })[0]?.path).toBe('k');
    expect(issues({ query: 'q', k: 2.5 })[0]?.path).toBe('k');
    expect(recallRequestSchema.parse({ query: 'q', k: 100 }).k).toBe(100);
  });

  it('accepts known, distinct levels only', () => {
    expect(recallRequestSchema.parse({ query: 'q', levels: ['week', 'era'] }).levels).toEqual([
      'week',
      'era',
    ]);
    expect(issues({ query: 'q', levels: ['year'] })[0]?.path).toBe('levels.0');
    expect(issues({ query: 'q', levels: [] })[0]?.path).toBe('levels');
    expect(issues({ query: 'q', levels: ['day', 'day'] })[0]?.path).toBe('levels');
  });

  it('requires from <= to, comparing plain dates as whole days', () => {
    expect(issues({ query: 'q', from: '2024-05-02', to: '2024-05-01' })).toEqual([
      { path: 'to', message: 'must not be earlier than from' },
    ]);
    expect(issues({ query: 'q', from: '2024-05-01T10:00:00Z', to: '2024-05-01T09:00:00Z' })[0]?.path).toBe(
      'to',
    );
    expect(recallRequestSchema.safeParse({ query: 'q', from: '2024-05-01', to: '2024-05-01' }).success).toBe(
      true,
    );
    const instant = '2024-05-01T09:00:00Z';
    expect(recallRequestSchema.safeParse({ query: 'q', from: instant, to: instant }).success).toBe(true);
    expect(issues({ query: 'q', from: '2024-05-02T00:00:00Z', to: '2024-05-01' })[0]?.path).toBe('to');
    // A plain `to` date includes its whole day.
    expect(
      recallRequestSchema.safeParse({ query: 'q', from: '2024-05-01T18:00:00+02:00', to: '2024-05-01' })
        .success,
    ).toBe(true);
  });

  it('rejects malformed window bounds, unknown fields and bad expand values', () => {
    expect(issues({ query: 'q', from: 'yesterday' })[0]?.path).toBe('from');
    expect(issues({ query: 'q', to: '2024-05-01T09:30:00' })[0]?.path).toBe('to'); // no offset
    expect(issues({ query: 'q', size: 3 })[0]?.message).toMatch(/size/);
    expect(issues({ query: 'q', expand: { perSummary: 21 } })[0]?.path).toBe('expand.perSummary');
    expect(issues({ query: 'q', expand: { sideways: 4 } })[0]?.path).toBe('expand.sideways');
    expect(issues({ query: 'q', minScore: 1.5 })[0]?.path).toBe('minScore');
    expect(issues({ query: 'q', asOf: 'last tuesday' })[0]?.path).toBe('asOf');
    // An instant needs its offset: a local time would be read on no one's clock.
    expect(issues({ query: 'q', asOf: '2023-05-30T23:40:00' })[0]?.path).toBe('asOf');
    expect(recallRequestSchema.parse({ query: 'q', asOf: '2023-05-30T23:40:00+01:00' }).asOf).toBe(
      '2023-05-30T23:40:00+01:00',
    );
  });
});

describe('toAsOfWindow', () => {
  it('ends the window just after the moment asked, unless it ends earlier', () => {
    expect(toAsOfWindow(undefined, undefined, '2023-05-30T23:40:00+01:00')).toEqual({
      from: null,
      to: '2023-05-30T22:40:00.001Z',
      asOf: '2023-05-30T22:40:00.000Z',
    });
    expect(toAsOfWindow('2023-01-01', '2023-02-01', '2023-05-30T22:40:00Z')).toEqual({
      from: '2023-01-01T00:00:00.000Z',
      to: '2023-02-02T00:00:00.000Z',
      asOf: '2023-05-30T22:40:00.000Z',
    });
    expect(toAsOfWindow('2023-01-01')).toEqual({ from: '2023-01-01T00:00:00.000Z', to: null, asOf: null });
  });
});

describe('toWindow', () => {
  it('turns plain dates into a half-open UTC window', () => {
    expect(toWindow('2024-05-01', '2024-05-31')).toEqual({
      from: '2024-05-01T00:00:00.000Z',
      to: '2024-06-01T00:00:00.000Z',
    });
    expect(toWindow(undefined, '2024-12-31')).toEqual({ from: null, to: '2025-01-01T00:00:00.000Z' });
    expect(toWindow()).toEqual({ from: null, to: null });
  });

  it('normalises date-times with an offset to UTC instants', () => {
    expect(toWindow('2024-05-01T09:30:00+02:00')).toEqual({ from: '2024-05-01T07:30:00.000Z', to: null });
  });
});
