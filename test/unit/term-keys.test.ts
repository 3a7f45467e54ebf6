import { describe, expect, it } from 'vitest';
import {
  countTermKeys,
  memoryTermKeys,
  termCountRows,
  termKey,
  termKeys,
} from '../../src/domain/term-keys.js';

describe('termKey', () => {
  it('takes a word to its Porter stem, as the index finds it', () => {
    expect(termKey('planted')).toBe('plant');
    expect(termKey('plants')).toBe('plant');
    expect(termKey('running')).toBe('run');
  });

  it('has no key for a word the index drops', () => {
    expect(termKey('the')).toBeNull();
    expect(termKey('with')).toBeNull();
    expect(termKey("'s")).toBeNull();
  });
});

describe('termKeys', () => {
  it('counts a key once however often the text says it', () => {
    expect([...termKeys('Plants, plants and more planted plants')].sort()).toEqual(['more', 'plant']);
  });

  it('keeps a name without its possessive', () => {
    expect(termKeys("Maria's garden")).toEqual(new Set(['maria', 'garden']));
  });
});

describe('memoryTermKeys', () => {
  it('holds the keys of the text and of the speaker, sorted', () => {
    expect(memoryTermKeys('Tomatoes are curling', 'Maria Silva')).toEqual([
      'curl',
      'maria',
      'silva',
      'tomato',
    ]);
  });

  it('holds the text alone for a speaker with no words', () => {
    expect(memoryTermKeys('Tomatoes', '')).toEqual(['tomato']);
  });
});

describe('countTermKeys and termCountRows', () => {
  it('counts each memory once per key it holds, across texts and speakers, sorted by key', () => {
    const counts = countTermKeys([
      { text: 'Plants and more plants', speaker: 'Maria' },
      { text: 'The tomato plant', speaker: 'Ben' },
      { text: 'Maria waters it', speaker: null },
    ]);
    expect(termCountRows(counts)).toEqual([
      { term: 'ben', memories: 1 },
      { term: 'maria', memories: 2 },
      { term: 'more', memories: 1 },
      { term: 'plant', memories: 2 },
      { term: 'tomato', memories: 1 },
      { term: 'water', memories: 1 },
    ]);
  });

  it('adds to the counts it is given, page after page', () => {
    const counts = countTermKeys([{ text: 'tomato', speaker: 'ana' }]);
    countTermKeys([{ text: 'tomatoes', speaker: 'ben' }], counts);
    expect(counts.get('tomato')).toBe(2);
    expect(counts.get('ana')).toBe(1);
  });
});
