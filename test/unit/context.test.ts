import { describe, expect, it } from 'vitest';
import { buildContext, type ContextLayers } from '../../src/domain/context.js';
import { estimateTokens } from '../../src/domain/tokens.js';

const layers: ContextLayers = {
  era: { theme: 'Moving to Lisbon', start: '2024-01-01', text: 'The team relocated and rebuilt its habits.' },
  month: { periodStart: '2024-04-01', text: 'April was about hiring.' },
  weeks: [
    { periodStart: '2024-04-22', text: 'Week of interviews.' },
    { periodStart: '2024-04-29', text: 'Week of offers.' },
  ],
  days: [
    { periodStart: '2024-05-01', text: 'Offer accepted.' },
    { periodStart: '2024-05-03', text: 'Onboarding plan drafted.' },
    { periodStart: '2024-05-02', text: 'Laptop ordered.' },
  ],
};

const recall = [
  { text: 'Ana prefers async stand-ups.', when: '2024-03-12', level: 'memory' },
  { text: 'Stand-ups moved to Slack.', when: '2024-03-11..2024-03-17', level: 'week' },
];

const positionsOf = (text: string, parts: string[]) => parts.map((part) => text.indexOf(part));
const increasing = (numbers: number[]) =>
  numbers.every((n, i) => n >= 0 && (i === 0 || n > (numbers[i - 1] ?? 0)));

describe('buildContext', () => {
  it('orders the layers broad to fine, latest first inside each', () => {
    const context = buildContext(layers, 10_000);
    expect(context.truncated).toBe(false);
    expect(
      increasing(
        positionsOf(context.text, [
          'Current era',
          'Moving to Lisbon (since 2024-01-01): The team relocated',
          'Last month',
          'April was about hiring.',
          'Last two weeks',
          'Week of offers.',
          'Week of interviews.',
          'Last three days',
          'Onboarding plan drafted.',
          'Laptop ordered.',
          'Offer accepted.',
        ]),
      ),
    ).toBe(true);
    expect(context.text).not.toContain('Relevant memories');
    expect(context.tokens).toBe(estimateTokens(context.text));
  });

  it('puts recall results first, in their given order, when a query found some', () => {
    const context = buildContext({ ...layers, recall }, 10_000);
    expect(context.text.startsWith('Relevant memories\n')).toBe(true);
    expect(
      increasing(
        positionsOf(context.text, [
          'Ana prefers async stand-ups.',
          'Stand-ups moved to Slack.',
          'Current era',
        ]),
      ),
    ).toBe(true);
    expect(context.text).toContain('[2024-03-12, memory] Ana prefers async stand-ups.');
  });

  it('spends a tight budget on recall results before the background', () => {
    const context = buildContext({ ...layers, recall }, 35);
    expect(context.truncated).toBe(true);
    expect(context.tokens).toBeLessThanOrEqual(35);
    expect(context.text).toContain('Ana prefers async stand-ups.');
    expect(context.text).toContain('Stand-ups moved to Slack.');
    expect(context.text).not.toContain('Offer accepted.');
  });

  it('loses the finest, oldest detail first when the budget runs out', () => {
    const full = buildContext(layers, 10_000);
    const tight = buildContext(layers, full.tokens - 3);
    expect(tight.truncated).toBe(true);
    expect(tight.text).toContain('Current era');
    expect(tight.text).toContain('Onboarding plan drafted.');
    expect(tight.text).not.toContain('Offer accepted.');
  });

  it('leaves out missing layers', () => {
    const context = buildContext({ era: null, month: null, weeks: [], days: layers.days }, 10_000);
    expect(context.text.startsWith('Last three days\n')).toBe(true);
    expect(context.text).not.toContain('Current era');
    expect(buildContext({ weeks: [], days: [] }, 100)).toEqual({ text: '', tokens: 0, truncated: false });
  });
});
