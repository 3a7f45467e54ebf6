import { describe, expect, it } from 'vitest';
import { pickTopics, speakerNameWords, topicModel } from '../../src/domain/period-topics.js';
import { analyse } from '../../src/domain/text.js';

const model = (items: string[], background: string[] = [], names = new Set<string>()) =>
  topicModel(items.map(analyse), background, names);

describe('speakerNameWords', () => {
  it('takes every word of every name, lower case', () => {
    expect([...speakerNameWords(['Maya 2', 'Jean-Luc', undefined, 'x'])]).toEqual(['maya', 'jean', 'luc']);
  });
});

describe('pickTopics', () => {
  it('names a noun by the phrase it nearly always comes in, and keeps names on their own', () => {
    const topics = pickTopics(
      model([
        'Puppy class on Saturdays in Lisbon.',
        'The puppy class was loud.',
        'Puppy class again, then a walk along the river in Lisbon.',
      ]),
    ).map((t) => t.name);
    expect(topics).toContain('puppy class');
    expect(topics).toContain('Lisbon');
    expect(topics).not.toContain('class');
  });

  it('skips a topic that shares a word with a better one', () => {
    const topics = pickTopics(
      model(['The seating plan is done.', 'Seating plan again, with the cousins apart.']),
    ).map((t) => t.name);
    expect(topics[0]).toBe('seating plan');
    expect(topics).not.toContain('plan');
    expect(topics).not.toContain('seating');
  });

  it('lets what the background always says sink', () => {
    const background = Array.from({ length: 10 }, () => 'Coffee at the office. The office coffee was cold.');
    const topics = pickTopics(
      model(
        ['Coffee at the office, then the telescope arrived.', 'The telescope lens is cracked.'],
        background,
      ),
    );
    expect(topics[0]?.name).toBe('telescope');
    expect(topics[0]?.weight).toBe(1);
    const coffee = topics.find((t) => t.name === 'coffee');
    expect(coffee === undefined || coffee.weight < 0.5).toBe(true);
  });

  it('returns nothing for text without nouns', () => {
    expect(pickTopics(model(['ok, see you then!']))).toEqual([]);
  });
});
