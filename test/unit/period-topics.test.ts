import { describe, expect, it } from 'vitest';
import { pickTopics, speakerNameWords, topicModel } from '../../src/domain/period-topics.js';
import { PLAIN_RULES } from '../../src/domain/phrases.js';
import { analyse } from '../../src/domain/text.js';

const model = (items: string[], background: string[] = [], names = new Set<string>()) =>
  topicModel(items.map(analyse), background, names);

describe('speakerNameWords', () => {
  it('takes every word of every name, lower case', () => {
    expect([...speakerNameWords(['Maya 2', 'Jean-Luc', undefined, 'x'])]).toEqual(['maya', 'jean', 'luc']);
  });
});

describe('pickTopics on chat', () => {
  const chat = [
    'Hey! Had a lot of fun this weekend, took the kids to the pottery class. [shared image: a photo of a bowl]',
    'Wow, what a great time! Pottery is such a nice way to unwind. [shared image: a photo of a vase]',
    'Thanks! It was a short trip to the studio, but the kids loved the pottery and the glaze.',
    'Bye, talk soon! Life is busy, people keep asking about the studio.',
  ];

  it('names what was talked about, not how people talk nor what medium was shared', () => {
    const topics = pickTopics(model(chat)).map((t) => t.name);
    expect(topics.slice(0, 3)).toEqual(expect.arrayContaining(['pottery', 'kid', 'studio']));
    for (const name of topics)
      expect(name).not.toMatch(/\b(lot|fun|weekend|time|way|life|people|bye|photo|image)\b/);
  });

  it('never names a topic by an adjective phrase said once', () => {
    const topics = pickTopics(model(chat)).map((t) => t.name);
    expect(topics).not.toContain('short trip');
    const twice = pickTopics(model(['Mental health matters.', 'We talked mental health again.']));
    expect(twice[0]?.name).toBe('mental health');
  });

  it('takes what was talked about over an aside said once, unless too little was said twice', () => {
    const items = [
      'The pottery class was full, my pottery bowl cracked.',
      'Pottery again on Friday, the class teacher loved the bowl.',
      'We walked past the castle on the way home.',
    ];
    const topics = pickTopics(model(items)).map((t) => t.name);
    expect(topics).toEqual(expect.arrayContaining(['pottery', 'class', 'bowl']));
    expect(topics).not.toContain('castle');
    const short = pickTopics(model(['We walked past the castle and the old lighthouse.'])).map((t) => t.name);
    expect(short).toEqual(expect.arrayContaining(['castle', 'lighthouse']));
  });

  it('under PLAIN_RULES finds the chat words it used to', () => {
    const plain = topicModel(chat.map(analyse), [], new Set(), PLAIN_RULES);
    const names = [...plain.weights.keys()];
    expect(names).toEqual(expect.arrayContaining(['lot', 'image', 'photo', 'short trip']));
    expect(plain.passing.size).toBe(0);
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
