import { describe, expect, it } from 'vitest';
import { speakerNameWords } from '../../src/domain/period-topics.js';
import { themeTermFilter } from '../../src/domain/theme-words.js';

describe('themeTermFilter', () => {
  const keep = themeTermFilter(speakerNameWords(['Melanie', 'Jon Snow', undefined, 'x']));

  it('keeps subjects', () => {
    for (const term of ['adoption', 'dance studio', 'pottery class', 'sourdough starter']) {
      expect(keep(term), term).toBe(true);
    }
  });

  it('drops speaker names, their short forms, and phrases that hold one', () => {
    for (const term of ['melanie', 'mel', 'jon', 'snow', 'jon snow', 'mel painting']) {
      expect(keep(term), term).toBe(false);
    }
    // Two letters are too short to count as the start of a name.
    expect(keep('me')).toBe(false);
  });

  it('reads terms without regard to case', () => {
    expect(keep('Melanie')).toBe(false);
    expect(keep('Mel')).toBe(false);
    expect(keep('Adoption Agency')).toBe(true);
  });

  it('drops pronouns, chat filler and numbers', () => {
    for (const term of [
      'us',
      'them',
      'everyone',
      'love',
      'great',
      'thank',
      'keep',
      'really',
      'photo',
      '2024',
    ]) {
      expect(keep(term), term).toBe(false);
    }
    expect(keep('')).toBe(false);
  });
});
