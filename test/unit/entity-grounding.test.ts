import { describe, expect, it } from 'vitest';
import { entityKindOf, groundEntities, occurrences } from '../../src/domain/entity-grounding.js';

describe('entityKindOf', () => {
  it('maps the kinds models and tag sets use to ours, whatever their case or separators', () => {
    expect(entityKindOf('person')).toBe('person');
    expect(entityKindOf('PER')).toBe('person');
    expect(entityKindOf('Location')).toBe('place');
    expect(entityKindOf('GPE')).toBe('place');
    expect(entityKindOf('organization')).toBe('organisation');
    expect(entityKindOf('Organisation')).toBe('organisation');
    expect(entityKindOf('corporation')).toBe('organisation');
    expect(entityKindOf('creative-work')).toBe('work');
    expect(entityKindOf('Creative Work')).toBe('work');
    expect(entityKindOf('work_of_art')).toBe('work');
    expect(entityKindOf('film')).toBe('work');
    expect(entityKindOf('product')).toBe('product');
    expect(entityKindOf(' Event ')).toBe('event');
  });

  it('makes anything else "other"', () => {
    expect(entityKindOf('other')).toBe('other');
    expect(entityKindOf('gizmo')).toBe('other');
    expect(entityKindOf('')).toBe('other');
  });
});

describe('occurrences', () => {
  it('finds a name as whole words only, every time, in JavaScript string indices', () => {
    const text = '🎉 Ana met Banana-Ana and Ana.';
    expect(occurrences(text, 'Ana')).toEqual([
      { start: 3, end: 6 },
      { start: 18, end: 21 },
      { start: 26, end: 29 },
    ]);
    expect(text.slice(3, 6)).toBe('Ana');
  });

  it('takes the name as written before any case: "May" is not the verb "may"', () => {
    expect(occurrences('May said she may come', 'May')).toEqual([{ start: 0, end: 3 }]);
    expect(occurrences('we met at lisbon airport', 'Lisbon')).toEqual([{ start: 10, end: 16 }]);
  });

  it('allows any white space between the words of a name', () => {
    const text = 'flying to New\n  York soon';
    const [found] = occurrences(text, 'New York');
    expect(text.slice(found?.start, found?.end)).toBe('New\n  York');
  });

  it('keeps marks that belong to a name, and finds nothing for a name the text does not have', () => {
    const text = 'back in the U.S. on Monday';
    const [found] = occurrences(text, 'U.S.');
    expect(text.slice(found?.start, found?.end)).toBe('U.S.');
    expect(occurrences(text, 'Atlantis')).toEqual([]);
    expect(occurrences(text, '   ')).toEqual([]);
    expect(occurrences('a (b) c', '(b')).toEqual([{ start: 2, end: 4 }]);
  });
});

describe('groundEntities', () => {
  it('gives each named entity its offsets in the message, kind mapped, and drops what the message does not contain', () => {
    const text = "Maria's flight to Lisbon lands at 9; Atlantis is a myth? No, Atlas is.";
    const found = groundEntities(text, [
      { text: 'Lisbon', kind: 'location' },
      { text: 'Maria', kind: 'PERSON' },
      { text: 'Porto', kind: 'location' },
      { text: 'Atlas Corp', kind: 'organization' },
    ]);
    expect(found).toEqual([
      { text: 'Maria', start: 0, end: 5, kind: 'person' },
      { text: 'Lisbon', start: 18, end: 24, kind: 'place' },
    ]);
    for (const e of found) expect(text.slice(e.start, e.end)).toBe(e.text);
  });

  it('marks every place a message names an entity, the longer of two overlapping names winning', () => {
    const text = 'Maria Silva called; Maria will come.';
    expect(
      groundEntities(text, [
        { text: 'Maria', kind: 'person' },
        { text: 'Maria Silva', kind: 'person' },
      ]),
    ).toEqual([
      { text: 'Maria Silva', start: 0, end: 11, kind: 'person' },
      { text: 'Maria', start: 20, end: 25, kind: 'person' },
    ]);
  });

  it('keeps the first kind named when one name is given twice', () => {
    expect(
      groundEntities('Dune again tonight', [
        { text: 'Dune', kind: 'film' },
        { text: 'Dune', kind: 'place' },
      ]),
    ).toEqual([{ text: 'Dune', start: 0, end: 4, kind: 'work' }]);
  });

  it('takes a name without the quotes a model put around it, and with marks only when the message has them', () => {
    expect(groundEntities('we watched "Dune" twice', [{ text: '"Dune"', kind: 'work' }])).toEqual([
      { text: 'Dune', start: 12, end: 16, kind: 'work' },
    ]);
    expect(groundEntities('we watched Dune twice', [{ text: 'Dune!', kind: 'work' }])).toEqual([
      { text: 'Dune', start: 11, end: 15, kind: 'work' },
    ]);
  });

  it('drops names with no letter or digit, and whole sentences taken for a name', () => {
    const long =
      'the long and winding road that leads to your door will never disappear, I have seen that road before, many times';
    expect(
      groundEntities(`-- ${long}`, [
        { text: '--', kind: 'other' },
        { text: long, kind: 'work' },
      ]),
    ).toEqual([]);
  });
});
