import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_ECHO_WEIGHT,
  asksAboutAsker,
  asksAboutAssistant,
  isAssistant,
  speakerWeight,
} from '../../src/domain/asker.js';

describe('asker', () => {
  it('tells a question about its asker from one about the assistant or about no one', () => {
    expect(asksAboutAsker('How many plants did I acquire in the last month?')).toBe(true);
    expect(asksAboutAsker("What's my sister's name?")).toBe(true);
    expect(asksAboutAsker('Can you remind me what I ordered last week?')).toBe(true);
    expect(asksAboutAsker('Which book did you recommend to me?')).toBe(false);
    expect(asksAboutAsker('Can you remind me of the website you recommended?')).toBe(false);
    expect(asksAboutAsker('What was the 7th job in your list?')).toBe(false);
    expect(asksAboutAsker('When did Caroline go to the LGBTQ support group?')).toBe(false);
    // "I" inside a word, or a word that only starts like "my", is not the first person.
    expect(asksAboutAsker('Is Mythili in Illinois?')).toBe(false);
  });

  it('tells a question about what the assistant said or did', () => {
    expect(asksAboutAssistant('Can you remind me what was the 7th job in the list you provided?')).toBe(true);
    expect(asksAboutAssistant('What was the move you made after 27. Kg2?')).toBe(true);
    expect(asksAboutAssistant('Which book did you recommend?')).toBe(true);
    expect(asksAboutAssistant('Can you suggest a hotel for my trip?')).toBe(false);
    expect(asksAboutAssistant('How many plants did I buy?')).toBe(false);
  });

  it("counts an assistant's turn at a share only for a question about its asker", () => {
    expect(isAssistant('assistant')).toBe(true);
    expect(isAssistant('Assistant')).toBe(true);
    expect(isAssistant('user')).toBe(false);
    expect(isAssistant(null)).toBe(false);
    expect(speakerWeight(true, 'assistant')).toBe(ASSISTANT_ECHO_WEIGHT);
    expect(speakerWeight(true, 'user')).toBe(1);
    expect(speakerWeight(true, 'Melanie')).toBe(1);
    expect(speakerWeight(false, 'assistant')).toBe(1);
    expect(ASSISTANT_ECHO_WEIGHT).toBeGreaterThan(0);
    expect(ASSISTANT_ECHO_WEIGHT).toBeLessThan(1);
  });
});
