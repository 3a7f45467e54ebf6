import { describe, expect, it } from 'vitest';
import {
  anyTermInGroup,
  groupClause,
  queryEntities,
  queryTerms,
  termInGroup,
} from '../../src/domain/lucene.js';

describe('queryTerms', () => {
  it('keeps the content words', () => {
    expect(queryTerms('When is the hiking trip?')).toEqual(['hiking', 'trip']);
  });

  it('strips Lucene syntax from user input', () => {
    expect(queryTerms('title:(secret) AND foo* ~bar "xy" -yy +zz \\ / [aa TO bb]')).toEqual([
      'title',
      'secret',
      'foo',
      'bar',
      'xy',
      'yy',
      'zz',
      'aa',
      'bb',
    ]);
  });

  it('quotes words that hold anything but letters and digits', () => {
    expect(queryTerms('e-mail at 10:30 about #launch')).toEqual(['"e-mail"', '"10:30"', '"#launch"']);
  });

  it('falls back to stopwords (quoted when Lucene reserves them) when nothing else is there, and to none', () => {
    expect(queryTerms('and to or')).toEqual(['"and"', '"to"', '"or"']);
    expect(queryTerms('?!')).toEqual([]);
  });

  it('deduplicates and caps terms', () => {
    expect(queryTerms('cake cake cake')).toEqual(['cake']);
    expect(queryTerms(Array.from({ length: 50 }, (_, i) => `w${i}`).join(' '), 5)).toHaveLength(5);
  });
});

describe('termInGroup', () => {
  it('requires the group as a phrase, scored 0, and the term in the text or the speaker', () => {
    expect(termInGroup('lisbon', 'team-a.1')).toBe('+groupId:"team-a.1"^0 +(text:lisbon OR speaker:lisbon)');
  });

  it('keeps a quoted term quoted', () => {
    const [term] = queryTerms('e-mail');
    expect(termInGroup(term as string, 'g')).toBe('+groupId:"g"^0 +(text:"e-mail" OR speaker:"e-mail")');
  });
});

describe('anyTermInGroup', () => {
  it('requires the group as termInGroup does, and any of the terms in the text or the speaker', () => {
    const terms = queryTerms('lisbon e-mail');
    expect(anyTermInGroup(terms, 'g')).toBe(
      '+groupId:"g"^0 +(text:(lisbon OR "e-mail") OR speaker:(lisbon OR "e-mail"))',
    );
  });
});

describe('groupClause', () => {
  it('requires the group id as a phrase, scored 0, whatever characters the id holds', () => {
    expect(groupClause('team "a"')).toBe('+groupId:"team \\"a\\""^0');
  });
});

describe('queryEntities', () => {
  const names = (text: string) => [...queryEntities(text).names];
  const dates = (text: string) => [...queryEntities(text).dates];

  it('finds the names of people and places, in the form queryTerms gives them, but not dates', () => {
    expect(names('When did Melanie go camping in July?')).toEqual(['melanie']);
    expect(names('when did we book the flights to Lisbon?')).toEqual(['lisbon']);
    expect(names('Did Jon go on Monday?')).toEqual(['jon']);
    const query = 'What did Caroline and Melanie paint?';
    for (const name of names(query)) expect(queryTerms(query)).toContain(name);
  });

  it('finds no names in a query of common words, or one written in lower case', () => {
    expect(names('What is the plan for the garden?')).toEqual([]);
    expect(names('what did maria say about the shelter')).toEqual([]);
  });

  it('finds the words of dates and times, years included', () => {
    expect(dates('What did Gina find for her store on 1 February, 2023?')).toEqual(
      expect.arrayContaining(['february', '2023']),
    );
    expect(dates('What did Maria start, as mentioned on 3 June, 2023?')).toEqual(
      expect.arrayContaining(['june', '2023']),
    );
    expect(dates('When did Melanie go camping last year?')).toEqual(expect.arrayContaining(['year']));
    expect(dates('Which team did you sign with?')).toEqual([]);
  });
});
