import { describe, expect, it } from 'vitest';
import {
  type Entity,
  entityOf,
  overlayEntities,
  overlaySpans,
  spansFromLabels,
  speakerSpans,
  type TokenSpan,
  tokenize,
} from '../../src/domain/entities.js';
import { labelledText, parseConll, scoreEntities } from '../../src/domain/entity-conll.js';
import { eventSpans } from '../../src/domain/entity-rules.js';

const words = (text: string) => tokenize(text).map((t) => t.text);

describe('tokenize', () => {
  it('keeps every token a slice of the text at its offsets', () => {
    const text = '  (Alice’s trip) to the U.S. with @bob_99,   #Lisbon!! 😀 "Dr. J." ';
    for (const t of tokenize(text)) expect(text.slice(t.start, t.end)).toBe(t.text);
  });

  it('peels punctuation and possessives off words, and keeps marks inside them', () => {
    expect(words("(Alice's new iPhone, from AT&T.")).toEqual([
      '(',
      'Alice',
      "'s",
      'new',
      'iPhone',
      ',',
      'from',
      'AT&T',
      '.',
    ]);
    expect(words('the U.S. and J. Smith said: "no"')).toEqual([
      'the',
      'U.S.',
      'and',
      'J.',
      'Smith',
      'said',
      ':',
      '"',
      'no',
      '"',
    ]);
    expect(words("don't @user #tag 3.5")).toEqual(["don't", '@user', '#tag', '3.5']);
  });

  it('leaves text already split at spaces as it is', () => {
    const text = "You should ' ve stayed on Redondo Beach Blvd .";
    expect(words(text)).toEqual(text.split(' '));
  });
});

describe('spans from BIO labels', () => {
  it('joins B- and I- of one kind, and opens a span at a stray I-', () => {
    const spans = spansFromLabels([
      'B-person',
      'I-person',
      'O',
      'I-place',
      'B-work',
      'I-product',
      'I-product',
    ]);
    expect(spans).toEqual([
      { first: 0, last: 1, kind: 'person' },
      { first: 3, last: 3, kind: 'place' },
      { first: 4, last: 4, kind: 'work' },
      { first: 5, last: 6, kind: 'product' },
    ]);
  });

  it('gives entities whose text is the text between their offsets', () => {
    const text = 'met  Ana Lima in Porto';
    const tokens = tokenize(text);
    const e = entityOf(text, tokens, { first: 1, last: 2, kind: 'person' });
    expect(e).toEqual({ text: 'Ana Lima', start: 5, end: 13, kind: 'person' });
    expect(text.slice(e.start, e.end)).toBe(e.text);
  });
});

describe('speakers are people', () => {
  it('finds a full name, and a first name alone, whatever the case', () => {
    const tokens = tokenize('Ana Lima said ana would come, and LIMA agreed; Anatole did not');
    expect(speakerSpans(tokens, ['Ana Lima'])).toEqual([
      { first: 0, last: 1, kind: 'person' },
      { first: 3, last: 3, kind: 'person' },
      { first: 8, last: 8, kind: 'person' },
    ]);
  });

  it('does not take a common word in lower case for a speaker of that name', () => {
    const tokens = tokenize('will you come , Will ? will smith will');
    const common = (w: string) => w === 'will';
    expect(speakerSpans(tokens, ['Will Smith'], common)).toEqual([
      { first: 4, last: 4, kind: 'person' },
      { first: 6, last: 7, kind: 'person' },
    ]);
    expect(speakerSpans(tokens, ['Will Smith']).length).toBe(4);
  });

  it('finds nothing without speakers', () => {
    expect(speakerSpans(tokenize('Ana'), [])).toEqual([]);
  });

  it('wins over what else was found there, but not over a person holding it whole', () => {
    const found: TokenSpan[] = [
      { first: 0, last: 0, kind: 'place' },
      { first: 3, last: 4, kind: 'person' },
      { first: 6, last: 6, kind: 'work' },
    ];
    const speakers: TokenSpan[] = [
      { first: 0, last: 0, kind: 'person' },
      { first: 3, last: 3, kind: 'person' },
    ];
    expect(overlaySpans(found, speakers)).toEqual([
      { first: 0, last: 0, kind: 'person' },
      { first: 3, last: 4, kind: 'person' },
      { first: 6, last: 6, kind: 'work' },
    ]);
  });

  it('win over entities by their characters as over spans by their tokens', () => {
    // "Ana Costa met Lisbon Ana": a model took the speaker Ana for a place, and found her full name itself.
    const found: Entity[] = [
      { text: 'Ana Costa', start: 0, end: 9, kind: 'person' },
      { text: 'Lisbon Ana', start: 14, end: 24, kind: 'place' },
    ];
    const speakers: Entity[] = [
      { text: 'Ana Costa', start: 0, end: 9, kind: 'person' },
      { text: 'Ana', start: 21, end: 24, kind: 'person' },
    ];
    expect(overlayEntities(found, speakers)).toEqual([
      { text: 'Ana Costa', start: 0, end: 9, kind: 'person' },
      { text: 'Ana', start: 21, end: 24, kind: 'person' },
    ]);
  });
});

describe('events by their form', () => {
  const events = (text: string) => {
    const tokens = tokenize(text);
    return eventSpans(tokens).map((s) => entityOf(text, tokens, s));
  };

  it('finds named occasions, a year after them included', () => {
    expect(
      events('we went to Glastonbury Festival 2019 and watched the World Cup').map((e) => e.text),
    ).toEqual(['Glastonbury Festival 2019', 'World Cup']);
    expect(events('the Summer Olympics and the Battle of Hastings War').map((e) => e.text)).toEqual([
      'Summer Olympics',
      'Battle of Hastings War',
    ]);
    expect(events('Olympics start soon').map((e) => e.kind)).toEqual(['event']);
  });

  it('finds none in lower case, at the start of a text, or in a text written in capitals', () => {
    expect(events('a music festival and a cup of tea')).toEqual([]);
    expect(events('Festival season')).toEqual([]);
    expect(events('I LOVE THIS FESTIVAL')).toEqual([]);
  });
});

describe('WNUT CoNLL files', () => {
  const conll =
    'You\tO\nmet\tO\nRedondo\tB-location\nBeach\tI-location\nBlvd\tI-location\n.\tO\n\n' +
    "Trump's\tB-person\nApple\tB-corporation\niPhone\tB-product\n";

  it('joins tokens with single spaces and maps WNUT kinds to ours', () => {
    const [first, second] = parseConll(conll);
    expect(first?.text).toBe('You met Redondo Beach Blvd .');
    expect(first?.entities).toEqual([{ start: 8, end: 26, kind: 'place' }]);
    expect(second?.entities.map((e) => [second.text.slice(e.start, e.end), e.kind])).toEqual([
      ["Trump's", 'person'],
      ['Apple', 'organisation'],
      ['iPhone', 'product'],
    ]);
  });

  it('labels our tokens from the gold spans, a possessive inside its entity', () => {
    const [, second] = parseConll(conll);
    expect(labelledText(second as NonNullable<typeof second>).labels).toEqual([
      'B-person',
      'I-person',
      'B-organisation',
      'B-product',
    ]);
  });

  it('scores exact spans, typed and untyped', () => {
    const gold = [[{ start: 0, end: 3, kind: 'person' }], [{ start: 4, end: 9, kind: 'place' }]];
    const found = [
      [
        { start: 0, end: 3, kind: 'person' },
        { start: 5, end: 7, kind: 'place' },
      ],
      [{ start: 4, end: 9, kind: 'organisation' }],
    ];
    const { typed, untyped, byKind } = scoreEntities(gold, found);
    expect([typed.correct, typed.found, typed.gold]).toEqual([1, 3, 2]);
    expect(untyped.correct).toBe(2);
    expect(untyped.f1).toBeCloseTo((2 * (2 / 3) * 1) / (2 / 3 + 1));
    expect(byKind.place?.correct).toBe(0);
    expect(byKind.person?.f1).toBe(1);
  });
});
