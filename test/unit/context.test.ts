import { describe, expect, it } from 'vitest';
import {
  buildContext,
  CONTEXT_TITLES,
  type ContextCandidates,
  type ContextMemory,
  type ContextPeriod,
  readableDate,
  sentenceKey,
} from '../../src/domain/context.js';
import { estimatedTokens } from '../../src/domain/tokens.js';

const turn = (id: string, text: string, speaker: string, ts: string, value: number): ContextMemory => ({
  id,
  text,
  speaker,
  ts,
  value,
});
const period = (
  id: string,
  level: ContextPeriod['level'],
  periodStart: string,
  text: string,
  value: number,
  theme?: string,
): ContextPeriod => ({ id, level, periodStart, text, value, ...(theme ? { theme } : {}) });

const none: ContextCandidates = {
  relevant: [],
  relevantSummaries: [],
  standing: [],
  latest: [],
  timeZone: 'UTC',
};
const build = (candidates: Partial<ContextCandidates>, budget: number) =>
  buildContext({ ...none, ...candidates }, budget, estimatedTokens);

const relevant = [
  turn('m1', 'Ana prefers async stand-ups.', 'Ana', '2024-03-12T09:00:00Z', 1),
  turn('m2', 'We moved stand-ups to Slack threads.', 'Ben', '2024-03-11T10:00:00Z', 0.9),
  turn('m3', 'Ben asked whether anyone objects.', 'Ben', '2024-03-11T09:59:00Z', 0.8),
];
const standing = [
  period('era', 'era', '2024-01-01', 'The team relocated and rebuilt its habits.', 0.5, 'Moving to Lisbon'),
  period('w1', 'week', '2024-04-22', 'Week of interviews.', 0.3),
  period('d1', 'day', '2024-05-01', 'Offer accepted.', 0.3),
  period('d2', 'day', '2024-05-03', 'Onboarding plan drafted.', 0.2),
];

describe('buildContext', () => {
  it('names the speaker on every turn and puts turns in time order under their date', () => {
    const context = build({ relevant }, 10_000);
    expect(context.text).toBe(
      [
        CONTEXT_TITLES.relevant,
        '11 March 2024',
        '- Ben: Ben asked whether anyone objects.',
        '- Ben: We moved stand-ups to Slack threads.',
        '12 March 2024',
        '- Ana: Ana prefers async stand-ups.',
      ].join('\n'),
    );
    expect(context.truncated).toBe(false);
  });

  it('dates a turn on the group’s calendar', () => {
    const late = turn('t', 'Landed in Tokyo.', 'Ana', '2024-03-11T23:30:00Z', 1);
    expect(build({ relevant: [late] }, 100).text).toContain('11 March 2024\n- Ana: Landed');
    expect(build({ relevant: [late], timeZone: 'Asia/Tokyo' }, 100).text).toContain(
      '12 March 2024\n- Ana: Landed',
    );
  });

  it('renders what answers first, then the frame broad to fine, latest first within a level', () => {
    const context = build({ relevant, standing }, 10_000);
    const order = [CONTEXT_TITLES.relevant, CONTEXT_TITLES.era, CONTEXT_TITLES.week, CONTEXT_TITLES.day];
    const positions = order.map((title) => context.text.indexOf(`${title}\n`));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p > (positions[i - 1] as number)))).toBe(true);
    expect(context.text).toContain(
      '- Moving to Lisbon (since 1 January 2024): The team relocated and rebuilt its habits.',
    );
    expect(context.text).toContain('- Week of 22 April 2024: Week of interviews.');
    expect(context.text.indexOf('- 3 May 2024: Onboarding')).toBeLessThan(
      context.text.indexOf('- 1 May 2024: Offer'),
    );
  });

  it('fills a small budget with the most valuable candidates and passes over what does not fit', () => {
    const full = build({ relevant, standing }, 10_000);
    const small = build({ relevant, standing }, 30);
    expect(small.tokens).toBeLessThanOrEqual(30);
    expect(small.truncated).toBe(true);
    // The most valuable turn is in; the least valuable day is not.
    expect(small.text).toContain('Ana prefers async stand-ups.');
    expect(small.text).not.toContain('Onboarding plan drafted.');
    expect(small.tokens).toBeLessThan(full.tokens);
  });

  it('grows with the budget and never passes it; its token count is the text’s', () => {
    let previous = 0;
    for (const budget of [10, 20, 40, 60, 80, 120, 400]) {
      const context = build({ relevant, standing }, budget);
      expect(context.tokens).toBeLessThanOrEqual(budget);
      expect(context.tokens).toBe(estimatedTokens.count(context.text));
      expect(context.tokens).toBeGreaterThanOrEqual(previous);
      previous = context.tokens;
    }
  });

  it('keeps the leading sentences of a summary that does not fit whole, and an era’s theme alone', () => {
    const long = period(
      'd9',
      'day',
      '2024-05-04',
      'First point made. Second point made. Third point made.',
      1,
    );
    const era = period(
      'e',
      'era',
      '2024-01-01',
      'A long era text that goes on and on about things.',
      0.9,
      'Lisbon',
    );
    const context = build({ standing: [long, era] }, 22);
    expect(context.text).toContain('- 4 May 2024: First point made.');
    expect(context.text).not.toContain('Third point made.');
    const themeOnly = build({ standing: [era] }, 14);
    expect(themeOnly.text).toBe(`${CONTEXT_TITLES.era}\n- Lisbon (since 1 January 2024)`);
    expect(themeOnly.truncated).toBe(true);
  });

  it('says no sentence twice: a turn repeated, a summary quoting a turn, a layer repeating another', () => {
    const said = 'I booked the lake cabin for June.';
    const context = build(
      {
        relevant: [turn('a', said, 'Caroline', '2024-05-01T10:00:00Z', 1)],
        latest: [turn('b', said, 'Caroline', '2024-05-02T10:00:00Z', 0.5)],
        standing: [
          period('s', 'session', '2024-05-01', `Caroline: ${said} Melanie: Lovely.`, 0.6),
          period('d', 'day', '2024-05-01', `Caroline: ${said} Melanie: Lovely.`, 0.7),
          period('w', 'week', '2024-04-29', `Caroline: ${said} The boat needs paint.`, 0.8),
        ],
      },
      10_000,
    );
    const lines = context.text.split('\n').filter((l) => l.startsWith('- '));
    expect(context.text.split(said)).toHaveLength(2);
    expect(new Set(lines).size).toBe(lines.length);
    // The day only repeats its session: it gives way to it.
    expect(context.text).toContain('- 1 May 2024: Melanie: Lovely.');
    expect(context.text.split('Melanie: Lovely.')).toHaveLength(2);
    expect(context.text).toContain('- Week of 29 April 2024: The boat needs paint.');
    // Nothing was left out for the budget: what was skipped was said already.
    expect(context.truncated).toBe(false);
  });

  it('builds nothing from nothing, and nothing within a budget too small for any line', () => {
    expect(build({}, 100)).toEqual({ text: '', tokens: 0, truncated: false });
    expect(build({ relevant }, 3)).toEqual({ text: '', tokens: 0, truncated: true });
  });
});

describe('readableDate', () => {
  it('writes an ISO date the way people do, and leaves anything else alone', () => {
    expect(readableDate('2023-05-08')).toBe('8 May 2023');
    expect(readableDate('2024-12-31')).toBe('31 December 2024');
    expect(readableDate('soon')).toBe('soon');
  });
});

describe('sentenceKey', () => {
  it('ignores case, punctuation and a leading speaker', () => {
    expect(sentenceKey('Caroline: I went to the LGBTQ support group!')).toBe(
      sentenceKey('i went to the LGBTQ support group'),
    );
    expect(sentenceKey('Ten o’clock, then.')).toBe('ten o clock then');
  });
});
