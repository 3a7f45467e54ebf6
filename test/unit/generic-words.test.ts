import { describe, expect, it } from 'vitest';
import { isEvaluativeAdjective, isGenericNoun, isQuantityNoun } from '../../src/domain/generic-words.js';

describe('isGenericNoun', () => {
  it('takes general nouns, the chat on them, units of time and the media of a picture', () => {
    for (const word of ['thing', 'lot', 'way', 'time', 'people', 'place', 'life', 'fun', 'feeling', 'bye'])
      expect(isGenericNoun(word), word).toBe(true);
    for (const word of ['weekend', 'day', 'photo', 'image', 'picture', 'pic'])
      expect(isGenericNoun(word), word).toBe(true);
  });

  it('takes laughter however it is spelled', () => {
    for (const word of ['ha', 'haha', 'ahhahha', 'hehe', 'lol', 'lool'])
      expect(isGenericNoun(word), word).toBe(true);
  });

  it('leaves nouns that name something', () => {
    for (const word of ['pottery', 'studio', 'dog', 'adoption', 'counseling', 'hat', 'hello kitty'])
      expect(isGenericNoun(word), word).toBe(false);
  });
});

describe('isQuantityNoun and isEvaluativeAdjective', () => {
  it('knows the nouns that count and the adjectives that judge', () => {
    expect(isQuantityNoun('group')).toBe(true);
    expect(isQuantityNoun('stack')).toBe(true);
    expect(isQuantityNoun('bowl')).toBe(false);
    expect(isEvaluativeAdjective('great')).toBe(true);
    expect(isEvaluativeAdjective('tough')).toBe(true);
    expect(isEvaluativeAdjective('mental')).toBe(false);
    expect(isEvaluativeAdjective('sweet')).toBe(false);
  });
});
