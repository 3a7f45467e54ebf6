import type { Token, TokenSpan } from './entities.js';

/**
 * Events by their form, which the trained tagger has no data for: a capitalised name ending in a word that makes
 * it an occasion ("Glastonbury Festival", "Web Summit", "World Cup", "Super Bowl", "Comic-Con"), or a known one
 * ("World War II", "Olympics"). A year may follow ("Eurovision Song Contest 2024").
 */
const EVENT_HEADS = new Set([
  'festival',
  'fest',
  'fair',
  'expo',
  'conference',
  'summit',
  'con',
  'convention',
  'cup',
  'championship',
  'championships',
  'olympics',
  'games',
  'marathon',
  'bowl',
  'awards',
  'tournament',
  'open',
  'contest',
  'election',
  'elections',
  'war',
  'week',
  'parade',
  'carnival',
  'gala',
]);
const STANDALONE = new Set([
  'olympics',
  'paralympics',
  'wrestlemania',
  'eurovision',
  'coachella',
  'comic-con',
]);
const JOINERS = new Set(['of', 'the', 'de', '&', 'and']);
const ROMAN_OR_YEAR = /^(?:[IVX]+|\d{1,4}|(?:19|20)\d\d)$/;

const capitalised = (word: string) => /^\p{Lu}/u.test(word);

export function eventSpans(tokens: readonly Token[]): TokenSpan[] {
  const spans: TokenSpan[] = [];
  const words = tokens.map((t) => t.text);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const lower = word.toLowerCase();
    if (!capitalised(word)) continue;
    const first = EVENT_HEADS.has(lower) ? nameStart(words, i) : i;
    if (first === i && !STANDALONE.has(lower)) continue;
    // A sentence in capitals names nothing by its capitals.
    if (words.slice(first, i + 1).every((w) => w === w.toUpperCase())) continue;
    spans.push({ first, last: withYear(words, i), kind: 'event' });
    i = withYear(words, i);
  }
  return spans;
}

/** Where the capitalised words (and joiners between them) before the head word `i` begin; `i` when none. */
function nameStart(words: readonly string[], i: number): number {
  let first = i;
  for (let j = i - 1; j >= 0; j--) {
    const w = words[j] as string;
    if (capitalised(w) && /\p{L}/u.test(w)) first = j;
    else if (!(JOINERS.has(w.toLowerCase()) && j > 0 && capitalised(words[j - 1] as string))) break;
  }
  return first;
}

function withYear(words: readonly string[], i: number): number {
  return i + 1 < words.length && ROMAN_OR_YEAR.test(words[i + 1] as string) ? i + 1 : i;
}

/**
 * The tagger's spans with the events laid in: an event wins over the spans it holds whole ("Glastonbury" inside
 * "Glastonbury Festival"), and gives way to any other span it overlaps.
 */
export function withEvents(tagged: readonly TokenSpan[], events: readonly TokenSpan[]): TokenSpan[] {
  const holds = (outer: TokenSpan, inner: TokenSpan) =>
    outer.first <= inner.first &&
    inner.last <= outer.last &&
    outer.last - outer.first > inner.last - inner.first;
  const overlaps = (a: TokenSpan, b: TokenSpan) => a.first <= b.last && b.first <= a.last;
  const kept = tagged.filter((t) => !events.some((e) => holds(e, t)));
  const added = events.filter((e) => !kept.some((k) => overlaps(k, e)));
  return [...kept, ...added].sort((a, b) => a.first - b.first);
}
