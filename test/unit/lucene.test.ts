import { describe, expect, it } from 'vitest';
import { toLuceneQuery } from '../../src/domain/lucene.js';

describe('toLuceneQuery', () => {
  it('ORs the content words', () => {
    expect(toLuceneQuery('When is the hiking trip?')).toBe('hiking OR trip');
  });

  it('strips Lucene syntax from user input', () => {
    const q = toLuceneQuery('title:(secret) AND foo* ~bar "xy" -yy +zz \\ / [aa TO bb]') as string;
    expect(q.split(' OR ')).toEqual(['title', 'secret', 'foo', 'bar', 'xy', 'yy', 'zz', 'aa', 'bb']);
  });

  it('quotes words that hold anything but letters and digits', () => {
    expect(toLuceneQuery('e-mail at 10:30 about #launch')).toBe('"e-mail" OR "10:30" OR "#launch"');
  });

  it('falls back to stopwords when nothing else is there, and to null for no words', () => {
    expect(toLuceneQuery('and to or')).toBe('"and" OR "to" OR "or"');
    expect(toLuceneQuery('?!')).toBeNull();
  });

  it('deduplicates and caps terms', () => {
    expect(toLuceneQuery('cake cake cake')).toBe('cake');
    expect(
      toLuceneQuery(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '), 5)?.split(' OR '),
    ).toHaveLength(5);
  });
});
