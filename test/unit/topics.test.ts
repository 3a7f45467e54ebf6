import { describe, expect, it } from 'vitest';
import { mergeTopics, normalizeTopic, topicId } from '../../src/domain/topics.js';

describe('normalizeTopic', () => {
  it('lower-cases, trims and keeps only the words, one space apart', () => {
    expect(normalizeTopic('  Machine   Learning ')).toBe('machine learning');
    expect(normalizeTopic('"Road-trip!"')).toBe('road trip');
    expect(normalizeTopic('node.js / TypeScript')).toBe('node js typescript');
    expect(normalizeTopic('\tweekend\nplans\t')).toBe('weekend plan');
  });

  it('drops the possessive ending, so a possessive meets its plain form', () => {
    expect(normalizeTopic("Mom's birthday")).toBe('mom birthday');
    expect(normalizeTopic('Kids’ toys')).toBe('kid toy');
  });

  it('returns an empty string when nothing but punctuation is left', () => {
    expect(normalizeTopic('')).toBe('');
    expect(normalizeTopic(' -- !? ')).toBe('');
  });

  it.each([
    ['cats', 'cat'],
    ['parties', 'party'],
    ['boxes', 'box'],
    ['churches', 'church'],
    ['dishes', 'dish'],
    ['classes', 'class'],
    ['glasses', 'glass'],
    ['beaches', 'beach'],
    ['headaches', 'headache'],
    ['movies', 'movie'],
    ['ties', 'tie'],
    ['potatoes', 'potato'],
    ['shoes', 'shoe'],
    ['houses', 'house'],
    ['children', 'child'],
    ['women', 'woman'],
    ['mice', 'mouse'],
    ['crises', 'crisis'],
    ['peonies', 'peony'],
    ['days', 'day'],
  ])('lemmatises the noun %s to %s', (plural, singular) => {
    expect(normalizeTopic(plural)).toBe(singular);
  });

  it.each(['news', 'class', 'glass', 'bus', 'analysis', 'series', 'status', 'christmas', 'gas', 'yes'])(
    'leaves %s alone',
    (word) => {
      expect(normalizeTopic(word)).toBe(word);
    },
  );

  it('lemmatises every noun of a phrase', () => {
    expect(normalizeTopic('Board Games Nights')).toBe('board game night');
    expect(normalizeTopic('news sources')).toBe('news source');
    expect(normalizeTopic('Seating Plans')).toBe('seating plan');
  });

  it('leaves names it does not know alone rather than guessing a singular', () => {
    expect(normalizeTopic('Cascais')).toBe('cascais');
    expect(normalizeTopic('Jonas')).toBe('jonas');
  });

  it('is idempotent', () => {
    for (const name of ['Parties & Boxes', 'glasses', 'Kids’ toys', 'series', 'cookies']) {
      expect(normalizeTopic(normalizeTopic(name))).toBe(normalizeTopic(name));
    }
  });
});

describe('topicId', () => {
  it('keys a topic by group and normalised name', () => {
    expect(topicId('g1', 'Cats!')).toBe('g1:topic:cat');
    expect(topicId('g1', 'cat')).toBe(topicId('g1', ' CATS '));
    expect(topicId('g2', 'cat')).not.toBe(topicId('g1', 'cat'));
  });
});

describe('mergeTopics', () => {
  it('merges names that normalise alike at their top weight, under the name that came with it, and sorts', () => {
    expect(
      mergeTopics([
        { name: 'Cats', weight: 0.4 },
        { name: 'cat', weight: 0.7 },
        { name: '!!', weight: 0.9 },
        { name: 'dogs', weight: 0.5 },
        { name: 'Lisbon', weight: 0.5 },
        { name: 'DOG', weight: 0.2 },
      ]),
    ).toEqual([
      { name: 'cat', weight: 0.7 },
      { name: 'Lisbon', weight: 0.5 },
      { name: 'dogs', weight: 0.5 },
    ]);
  });

  it('treats non-finite weights as zero, tidies white space and returns nothing for nothing', () => {
    expect(mergeTopics([{ name: ' seating   plan ', weight: Number.NaN }])).toEqual([
      { name: 'seating plan', weight: 0 },
    ]);
    expect(mergeTopics([])).toEqual([]);
  });
});
