import { describe, expect, it } from 'vitest';
import {
  askedName,
  askedWord,
  countTermKeys,
  LENGTH_KEY,
  memoryTerms,
  termCountRows,
  termFrequencies,
  termKey,
  termKeys,
  termsHeld,
  textTerms,
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

describe('textTerms', () => {
  it('counts each key as often as the text says it, and the words the index keeps as its length', () => {
    const { counts, length } = textTerms('Plants, plants and more planted plants');
    expect(Object.fromEntries(counts)).toEqual({ plant: 4, more: 1 });
    // "and" is a stop word: the index keeps five of the six words.
    expect(length).toBe(5);
  });
});

describe('memoryTerms', () => {
  it('holds the keys of the text and of the speaker, sorted, and the length of the text alone', () => {
    expect(memoryTerms('Tomatoes are curling', 'Maria Silva')).toEqual({
      keys: ['curl', 'maria', 'silva', 'tomato'],
      length: 2,
    });
  });

  it('holds the text alone for a speaker with no words', () => {
    expect(memoryTerms('Tomatoes', '')).toEqual({ keys: ['tomato'], length: 1 });
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
      // Not a word: the texts' summed length (3 + 2 + 2 words the index keeps).
      { term: LENGTH_KEY, memories: 7 },
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
    expect(counts.get(LENGTH_KEY)).toBe(2);
  });
});

describe('askedWord, askedName and termsHeld', () => {
  it('asks a query word by its key, and holds it in a text that says it in another form or in the speaker', () => {
    const asked = [askedWord('planted'), askedWord('maria'), askedWord('lisbon')];
    expect(asked[0]).toEqual({ term: 'planted', spellings: [['plant']], key: 'plant' });
    expect(termsHeld(asked, 'The plants are in', 'Maria')).toEqual(['planted', 'maria']);
    expect(termsHeld(asked, "Maria's flight to Lisbon", null)).toEqual(['maria', 'lisbon']);
  });

  it('asks a quoted word as a phrase of its words, with no key of its own', () => {
    const email = askedWord('"e-mail"');
    expect(email).toEqual({ term: '"e-mail"', spellings: [['e', 'mail']], key: null });
    expect(termsHeld([email], 'Send the e-mail today', null)).toEqual(['"e-mail"']);
    expect(termsHeld([email], 'Send the letter by mail', null)).toEqual([]);
  });

  it('holds a name where any one of its spellings is said whole', () => {
    const maria = askedName('"maria silva"', [['maria', 'silva'], ['mary']]);
    expect(maria.key).toBeNull();
    expect(termsHeld([maria], 'Mary called', null)).toEqual(['"maria silva"']);
    expect(termsHeld([maria], 'Maria Silva called', null)).toEqual(['"maria silva"']);
    expect(termsHeld([maria], 'Silva called', null)).toEqual([]);
  });

  it('has nothing to hold for a word the index drops', () => {
    expect(askedWord('the').spellings).toEqual([]);
    expect(termsHeld([askedWord('the')], 'the end', null)).toEqual([]);
  });
});

describe('termFrequencies', () => {
  it("counts each asked term in the text by its best spelling, apart from the speaker's name", () => {
    const asked = [
      askedWord('plants'),
      askedName('maria', [['maria'], ['maria', 'silva']]),
      askedWord('lisbon'),
    ];
    const found = termFrequencies(asked, 'Plants, plants and more planted plants for Maria', 'Maria Silva');
    expect(Object.fromEntries(found.inText)).toEqual({ plants: 4, maria: 1 });
    expect([...found.bySpeaker]).toEqual(['maria']);
    expect(found.length).toBe(6); // "and" and "for" are stop words
  });

  it('counts a spelling of several words by its scarcest word', () => {
    const asked = [askedName('maria', [['maria', 'silva']])];
    expect(termFrequencies(asked, 'Maria, Maria Silva', null).inText.get('maria')).toBe(1);
    expect(termFrequencies(asked, 'Maria, Maria', null).inText.has('maria')).toBe(false);
  });
});
