import { describe, expect, it } from 'vitest';
import { analyse, contentWords, splitSentences, words } from '../../src/domain/text.js';

describe('words and contentWords', () => {
  it('lower-cases words, expands contractions and drops punctuation and emoji', () => {
    expect(words("We can't wait, see you at 5 😅").join(' ')).toBe('we can not wait see you at 5');
  });

  it("keeps what the model's stop words do not cover", () => {
    expect(contentWords('When is the hiking trip to Lisbon?')).toEqual(['hiking', 'trip', 'lisbon']);
  });

  it('reads a contraction the tokenizer leaves whole, and a possessive ending, as function words', () => {
    expect(contentWords("I'm keen on counseling")).toEqual(['keen', 'counseling']);
    expect(contentWords("Caroline's painting")).toEqual(['caroline', 'painting']);
  });
});

describe('splitSentences', () => {
  it('splits at sentence ends but not at abbreviations', () => {
    expect(splitSentences('Booked! Dr. Smith moved the meeting to Friday. See you there?')).toEqual([
      'Booked!',
      'Dr. Smith moved the meeting to Friday.',
      'See you there?',
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(splitSentences('   ')).toEqual([]);
  });
});

describe('analyse', () => {
  const [sentence] = analyse('The florist confirmed the peonies for Lisbon at five percent off.').sentences;
  const token = (text: string) => sentence?.tokens.find((t) => t.text === text);

  it('tags parts of speech and lemmatises', () => {
    expect(token('florist')).toMatchObject({ pos: 'NOUN', lemma: 'florist' });
    expect(token('peonies')).toMatchObject({ pos: 'NOUN', lemma: 'peony' });
    expect(token('confirmed')).toMatchObject({ pos: 'VERB', lemma: 'confirm' });
    expect(token('Lisbon')).toMatchObject({ pos: 'PROPN', known: false });
  });

  it('marks the words of amounts and the start of a sentence', () => {
    expect(token('percent')?.entity).toBe('PERCENT');
    expect(token('The')?.sentenceStart).toBe(true);
    expect(token('florist')?.sentenceStart).toBe(false);
  });

  it("does not take the capital after a speaker's name for a name, and keeps the names", () => {
    const tokens = (text: string) => analyse(text).sentences[0]?.tokens ?? [];
    const [name, , glad] = tokens('Caroline: Glad you came to Lisbon.');
    expect(glad).toMatchObject({ text: 'Glad', pos: 'ADJ' });
    expect(name?.text).toBe('Caroline');
    expect(tokens('Caroline: Glad you came to Lisbon.').find((t) => t.text === 'Lisbon')?.pos).toBe('PROPN');
    const [, , , perfect] = tokens('Melanie Smith: Perfect, see you there.');
    expect(perfect).toMatchObject({ text: 'Perfect', pos: 'ADJ' });
  });

  it('keeps "media" and "data" as they are, not as plurals', () => {
    const tokens = analyse('Her social media data grew.').sentences[0]?.tokens ?? [];
    expect(tokens.find((t) => t.text === 'media')?.lemma).toBe('media');
    expect(tokens.find((t) => t.text === 'data')?.lemma).toBe('data');
  });

  it('returns the same analysis for the same text', () => {
    const text = 'A cached sentence about sourdough.';
    expect(analyse(text)).toBe(analyse(text));
  });
});
