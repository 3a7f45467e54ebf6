import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../src/domain/text.js';
import { estimateTokens, fitToBudget } from '../../src/domain/tokens.js';

describe('estimateTokens', () => {
  it('takes the larger of 1.3 tokens per word and 4 characters per token, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('one two three four')).toBe(6); // 5.2 by words, 4.5 by characters
    expect(estimateTokens('x'.repeat(40))).toBe(10); // one long "word": characters win
    expect(estimateTokens('a b c d e f g h i j')).toBe(13); // 13 by words, 4.75 by characters
  });
});

const sections = [
  {
    title: 'First',
    entries: ['Alpha one. Alpha two. Alpha three.', 'Beta is a single sentence that runs on for a while.'],
  },
  { title: 'Empty', entries: [] },
  { title: 'Second', entries: ['Gamma one. Gamma two.', 'Delta.'] },
];

/** Every allowed form of an entry: whole, or its first n sentences. */
function allowedLines(entries: string[]): Set<string> {
  const allowed = new Set<string>();
  for (const entry of entries) {
    const sentences = splitSentences(entry);
    allowed.add(entry);
    for (let n = 1; n <= sentences.length; n += 1) allowed.add(sentences.slice(0, n).join(' '));
  }
  return allowed;
}

describe('fitToBudget', () => {
  it('renders everything, titles and a blank line between sections, when the budget allows', () => {
    const fitted = fitToBudget(sections, 1000);
    expect(fitted.text).toBe(
      [
        'First',
        'Alpha one. Alpha two. Alpha three.',
        'Beta is a single sentence that runs on for a while.',
        '',
        'Second',
        'Gamma one. Gamma two.',
        'Delta.',
      ].join('\n'),
    );
    expect(fitted).toMatchObject({ included: 4, truncated: false });
    expect(fitted.tokens).toBe(estimateTokens(fitted.text));
  });

  it('omits sections without entries', () => {
    const fitted = fitToBudget([{ title: 'Nothing', entries: ['', '  '] }, ...sections], 1000);
    expect(fitted.text).not.toContain('Nothing');
    expect(fitted.text).not.toContain('Empty');
    expect(fitted.text.startsWith('First\n')).toBe(true);
  });

  it('never exceeds the budget and never cuts inside a sentence, at any budget', () => {
    const allowed = allowedLines(sections.flatMap((s) => s.entries));
    const titles = new Set(['First', 'Second', '']);
    let previousIncluded = 0;
    for (let budget = 0; budget <= 60; budget += 1) {
      const fitted = fitToBudget(sections, budget);
      expect(fitted.tokens).toBe(estimateTokens(fitted.text));
      expect(fitted.tokens).toBeLessThanOrEqual(budget);
      for (const line of fitted.text.split('\n')) {
        if (fitted.text === '') break;
        expect(titles.has(line) || allowed.has(line), `line "${line}" at budget ${budget}`).toBe(true);
      }
      expect(fitted.included).toBeGreaterThanOrEqual(previousIncluded);
      previousIncluded = fitted.included;
    }
  });

  it('keeps the leading sentences of an entry that does not fit whole, then stops', () => {
    // "First" + "Alpha one. Alpha two." = 5 words -> 7 tokens by words, 28 chars -> 7; the whole entry needs 9.
    const fitted = fitToBudget(sections, 7);
    expect(fitted.text).toBe('First\nAlpha one. Alpha two.');
    expect(fitted).toMatchObject({ included: 1, truncated: true, tokens: 7 });
  });

  it('drops a section whose title fits but none of whose entries does', () => {
    const fitted = fitToBudget(
      [
        { title: 'Short', entries: ['Tiny.'] },
        { title: 'Long', entries: ['This single sentence is far too long to fit in what is left.'] },
      ],
      6,
    );
    expect(fitted.text).toBe('Short\nTiny.');
    expect(fitted.truncated).toBe(true);
    expect(fitted.included).toBe(1);
  });

  it('does not let a later, smaller entry take the place of an earlier one', () => {
    const fitted = fitToBudget(
      [{ title: 'T', entries: ['An entry with one long sentence that cannot fit here.', 'Small.'] }],
      4,
    );
    expect(fitted.text).toBe('');
    expect(fitted).toMatchObject({ included: 0, truncated: true, tokens: 0 });
  });

  it('returns nothing for a zero budget', () => {
    expect(fitToBudget(sections, 0)).toEqual({ text: '', tokens: 0, included: 0, truncated: true });
    expect(fitToBudget([], 0)).toEqual({ text: '', tokens: 0, included: 0, truncated: false });
  });
});
