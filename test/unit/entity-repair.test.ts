import { describe, expect, it } from 'vitest';
import { capitalisedAfter, shorterSurfaces, startsSentence } from '../../src/domain/entity-repair.js';

describe('shorterSurfaces', () => {
  it('cuts trailing words in lower case from a name that starts with a capital, longest first', () => {
    expect(shorterSurfaces('Pixel Board demo', false)).toEqual([{ surface: 'Pixel Board', leading: false }]);
    expect(
      shorterSurfaces('Dave Kowalski the plumber', false)
        .filter((s) => !s.leading)
        .map((s) => s.surface),
    ).toEqual(['Dave Kowalski the', 'Dave Kowalski']);
    expect(shorterSurfaces('iPhone case', false)).toEqual([]);
    expect(shorterSurfaces('IKEA', false)).toEqual([]);
  });

  it('cuts the first word at a sentence start, or where two words or more are left', () => {
    expect(shorterSurfaces('Call Clara', false)).toEqual([]);
    expect(shorterSurfaces('Call Clara', true)).toEqual([{ surface: 'Clara', leading: true }]);
    expect(shorterSurfaces('Rereading Tartine Bread', false)).toEqual([
      { surface: 'Tartine Bread', leading: true },
    ]);
    expect(shorterSurfaces('Ask Maria about', true).map((s) => s.surface)).toEqual([
      'Ask Maria',
      'Maria about',
      'Maria',
    ]);
  });
});

describe('startsSentence', () => {
  it('is true at the start, after a sentence end, a bracket, an emoji or a dash', () => {
    const at = (text: string, word: string) => startsSentence(text, text.indexOf(word));
    expect(at('Call Clara now.', 'Call')).toBe(true);
    expect(at('All booked. Call Clara now.', 'Call')).toBe(true);
    expect(at('All booked :) Call Clara now.', 'Call')).toBe(true);
    expect(at('All booked 😅 Call Clara now.', 'Call')).toBe(true);
    expect(at('All booked - "Call Clara" now.', 'Call')).toBe(true);
    expect(at('we should Call Clara now.', 'Call')).toBe(false);
    expect(at('All booked, Call Clara now.', 'Call')).toBe(false);
  });
});

describe('capitalisedAfter', () => {
  it('gives the word in title case right after, one space between', () => {
    const text = "A cover of Blue Monday's bassline, and Blue  Moon, Blue monday, Blue MONDAY";
    const wordAfter = (from: number) => capitalisedAfter(text, text.indexOf('Blue', from) + 4);
    expect(wordAfter(0)).toBe('Monday');
    expect(wordAfter(20)).toBeNull();
    expect(wordAfter(40)).toBeNull();
    expect(wordAfter(52)).toBeNull();
  });
});
