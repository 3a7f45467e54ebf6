import { describe, expect, it } from 'vitest';
import { countPhrases, PLAIN_RULES, phraseOccurrences } from '../../src/domain/phrases.js';

const keys = (text: string, names?: Set<string>) => phraseOccurrences(text, names).map((p) => p.key);

describe('phraseOccurrences', () => {
  it('finds noun phrases and every stretch of them that ends in a noun', () => {
    expect(keys('We need the seating plans.')).toEqual(['seating', 'seating plan', 'plan']);
  });

  it('never crosses a phrase boundary into verbs, adverbs or other words', () => {
    const found = keys('Has the venue sent the updated contract yet? Keeping the cousins apart.');
    expect(found).toEqual(expect.arrayContaining(['venue', 'contract', 'cousin']));
    for (const key of found) expect(key).not.toMatch(/\b(yet|apart|sent|keeping)\b/);
  });

  it('leaves out numbers, amounts, dates, pronouns and chat shorthand', () => {
    const found = keys('Seventy five percent hydration is my sweet spot, btw we bake on Friday at 7.');
    expect(found).toEqual(expect.arrayContaining(['hydration', 'sweet spot']));
    for (const key of found) expect(key).not.toMatch(/seventy|five|percent|\bmy\b|btw|friday|\b7\b/);
  });

  it('leaves out words that on their own are numbers or pronouns, whatever the tagger made of them here', () => {
    expect(keys('I want the blue one, not the red one.')).toEqual([]);
    expect(keys('Dinner with loved ones.')).toEqual(['dinner']);
  });

  it("leaves out speakers' names and the start of one", () => {
    const names = new Set(['melanie', 'caroline']);
    expect(keys('Thanks Mel! Caroline painted the lake.', names)).toEqual(['lake']);
  });

  it('keeps names as written and shows other nouns in their dictionary form', () => {
    const found = phraseOccurrences('We loved the pastel de nata in Belem and the trams of Lisbon.');
    expect(found).toContainEqual({ key: 'lisbon', surface: 'Lisbon', named: true });
    expect(found).toContainEqual({ key: 'tram', surface: 'tram', named: false });
  });

  it('does not take a capital at the start of a sentence for a name', () => {
    const found = phraseOccurrences('Guest list is capped at ninety.');
    expect(found).toContainEqual({ key: 'guest list', surface: 'guest list', named: false });
    expect(keys('Flights to Lisbon are cheap.')).toEqual(['flight', 'lisbon']);
    expect(keys('Good morning all.')).toEqual([]);
  });
});

describe('phraseOccurrences on chat', () => {
  it('leaves out general nouns, units of time and the media of a picture', () => {
    const found = keys(
      'Had a lot of fun at the pottery class last weekend, the best time of my life, people were nice.',
    );
    expect(found).toEqual(expect.arrayContaining(['pottery', 'pottery class', 'class']));
    for (const key of found) expect(key).not.toMatch(/\b(lot|fun|weekend|time|life|people|best)\b/);
    expect(keys('Here is a photo of the picture I took, lol, bye!')).toEqual([]);
  });

  it('never takes the markup of a shared image, nor the noun that counts what follows "of"', () => {
    const found = keys('Look! [shared image: a photo of a group of women sitting on a blanket in a park]');
    expect(found).toEqual(['woman', 'blanket', 'park']);
    expect(keys('We met at the support group.')).toContain('support group');
  });

  it('marks what a caption says, which counts half', () => {
    const found = phraseOccurrences('My dog! [shared image: a dog on a beach]');
    expect(found.map((p) => [p.key, p.caption === true])).toEqual([
      ['dog', false],
      ['dog', true],
      ['beach', true],
    ]);
    const { counts } = countPhrases(['My dog! [shared image: a dog on a beach]']);
    expect(counts.get('dog')).toBe(1.5);
    expect(counts.get('beach')).toBe(0.5);
  });

  it('drops an adjective that judges rather than describes', () => {
    expect(keys('It was a tough time, but a great way to learn.')).toEqual([]);
    expect(keys('A great garden with mental health benefits.')).toEqual(
      expect.arrayContaining(['garden', 'mental health']),
    );
    expect(keys('A great garden.')).toEqual(['garden']);
  });

  it('finds every noun, and counts a caption in full, under PLAIN_RULES', () => {
    const plain = (text: string) => phraseOccurrences(text, new Set(), PLAIN_RULES).map((p) => p.key);
    expect(plain('A lot of fun, great time.')).toEqual(['lot', 'fun', 'great time', 'time']);
    const { counts } = countPhrases(['[shared image: a dog on a beach]'], new Set(), PLAIN_RULES);
    expect(counts.get('image')).toBe(1);
    expect(counts.get('dog')).toBe(1);
  });
});

describe('countPhrases', () => {
  it('counts occurrences over many texts and remembers the commonest way of writing each', () => {
    const { counts, surfaces, named } = countPhrases([
      'Lisbon in May.',
      'Flights to Lisbon are cheap.',
      'The flight was late.',
    ]);
    expect(counts.get('lisbon')).toBe(2);
    expect(counts.get('flight')).toBe(2);
    expect(surfaces.get('lisbon')).toBe('Lisbon');
    expect(named.has('lisbon')).toBe(true);
    expect(named.has('flight')).toBe(false);
  });
});
