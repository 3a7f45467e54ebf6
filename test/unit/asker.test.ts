import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_ECHO_WEIGHT,
  askedAbout,
  asksForAdvice,
  isAssistant,
  speakerWeight,
  withoutRequestWords,
} from '../../src/domain/asker.js';

describe('asker', () => {
  it('tells a question about its asker from one about the assistant and one about no one', () => {
    expect(askedAbout('How many plants did I acquire in the last month?')).toBe('asker');
    expect(askedAbout("What's my sister's name?")).toBe('asker');
    expect(askedAbout('Can you remind me what I ordered last week?')).toBe('asker');
    expect(askedAbout('Can you suggest a hotel for my trip?')).toBe('asker');
    expect(askedAbout('Can you remind me what was the 7th job in the list you provided?')).toBe('assistant');
    expect(askedAbout('What was the move you made after 27. Kg2?')).toBe('assistant');
    expect(askedAbout('Which book did you recommend to me?')).toBe('assistant');
    expect(askedAbout('What was the 7th job in your list?')).toBe('assistant');
    expect(askedAbout('When did Caroline go to the LGBTQ support group?')).toBe(null);
    // "I" inside a word, or a word that only starts like "my", is not the first person.
    expect(askedAbout('Is Mythili in Illinois?')).toBe(null);
  });

  it("counts an assistant's turn at a share only for a question about its asker", () => {
    expect(isAssistant('assistant')).toBe(true);
    expect(isAssistant('Assistant')).toBe(true);
    expect(isAssistant('user')).toBe(false);
    expect(isAssistant(null)).toBe(false);
    expect(speakerWeight('asker', 'assistant')).toBe(ASSISTANT_ECHO_WEIGHT);
    expect(speakerWeight('asker', 'user')).toBe(1);
    expect(speakerWeight('asker', 'Melanie')).toBe(1);
    expect(speakerWeight('assistant', 'assistant')).toBe(1);
    expect(speakerWeight(null, 'assistant')).toBe(1);
    expect(ASSISTANT_ECHO_WEIGHT).toBeGreaterThan(0);
    expect(ASSISTANT_ECHO_WEIGHT).toBeLessThan(1);
  });

  it('tells a request for advice from a question about what was said or done', () => {
    expect(asksForAdvice('Can you suggest a hotel for my upcoming trip to Miami?')).toBe(true);
    expect(asksForAdvice('Could you recommend a podcast?')).toBe(true);
    expect(asksForAdvice('Can you give me some tips for my garden?')).toBe(true);
    expect(asksForAdvice("I've been having trouble with my phone's battery. Any tips?")).toBe(true);
    expect(asksForAdvice('Planning my meal prep, any suggestions for new recipes?')).toBe(true);
    expect(asksForAdvice('What book did Melanie recommend to Caroline?')).toBe(false);
    expect(asksForAdvice('Which hotel did you suggest for Miami?')).toBe(false);
    expect(asksForAdvice('Did Caroline give any advice to Melanie?')).toBe(false);
    expect(asksForAdvice('Can you remind me what I ordered?')).toBe(false);
    expect(asksForAdvice('Do you have any ideas for a gift?')).toBe(true);
  });

  it("leaves a request's own words out of its terms, but not every term", () => {
    expect(withoutRequestWords(['coffee', 'creamer', 'recipe', 'recommendations'])).toEqual([
      'coffee',
      'creamer',
      'recipe',
    ]);
    // "What did Melanie recommend?" is no request, so recall keeps its terms (recall.test.ts); with "Any ideas?" after
    // it, the request's words go.
    expect(asksForAdvice('What did Melanie recommend?')).toBe(false);
    expect(asksForAdvice('What did Melanie recommend? Any ideas?')).toBe(true);
    expect(withoutRequestWords(['melanie', 'recommend', 'ideas'])).toEqual(['melanie']);
    // A request worded and about nothing else keeps its words: something is still searched.
    expect(withoutRequestWords(['ideas'])).toEqual(['ideas']);
  });
});
