import type { Entity, EntityKind } from './entities.js';

/**
 * A language model's entities made spans of the message they came from. The model names an entity by its words
 * and a kind in its own words; the offsets are found here, in the message itself, so an entity the message does
 * not contain (one the model invented or rewrote) is dropped. Everything here is pure.
 */

/** An entity as the model names it: its text as written in the message, and a kind. */
export interface NamedEntity {
  text: string;
  kind: string;
}

/** Longer names are a sentence the model took for a name, not an entity. */
const MAX_ENTITY_CHARS = 100;

/** Kinds in the words models and NER tag sets use, to ours; a kind not listed here is "other". */
const KIND_WORDS: Record<string, EntityKind> = {
  person: 'person',
  people: 'person',
  per: 'person',
  place: 'place',
  location: 'place',
  loc: 'place',
  gpe: 'place',
  city: 'place',
  country: 'place',
  organisation: 'organisation',
  organization: 'organisation',
  org: 'organisation',
  company: 'organisation',
  corporation: 'organisation',
  group: 'organisation',
  product: 'product',
  brand: 'product',
  work: 'work',
  creativework: 'work',
  workofart: 'work',
  book: 'work',
  film: 'work',
  movie: 'work',
  song: 'work',
  album: 'work',
  game: 'work',
  show: 'work',
  event: 'event',
  holiday: 'event',
};

/** The kind a model's label names: case, spaces, dashes and underscores aside; anything unknown is "other". */
export function entityKindOf(label: string): EntityKind {
  return KIND_WORDS[label.toLowerCase().replace(/[\s_-]+/g, '')] ?? 'other';
}

/** Quotes and brackets around a name are not part of it ("Dune" of a film); other marks may be (U.S., #tag). */
const QUOTES = /^["'“”‘’«»()[\]{}<>]+|["'“”‘’«»()[\]{}<>]+$/gu;
const EDGE_MARKS = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Where `surface` stands in `text`, each time, as whole words (never "Ana" inside "Banana"), with any white space
 * between its words: as written first, and only when it is nowhere as written, in any case. JavaScript string
 * indices, `end` exclusive.
 */
export function occurrences(text: string, surface: string): { start: number; end: number }[] {
  const words = surface.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const body = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  const before = WORD_CHAR.test(surface.trim().charAt(0)) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = WORD_CHAR.test(surface.trim().slice(-1)) ? '(?![\\p{L}\\p{N}])' : '';
  for (const flags of ['gu', 'giu']) {
    const found = [...text.matchAll(new RegExp(`${before}${body}${after}`, flags))].map((m) => ({
      start: m.index,
      end: m.index + m[0].length,
    }));
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The entities a model named in one message, as spans of it: each at every place the message has it, without the
 * quotes around it, else as named, else without any mark around it; where two overlap the longer wins, then the
 * earlier named. Ordered by where they start.
 */
export function groundEntities(text: string, named: readonly NamedEntity[]): Entity[] {
  const candidates: Entity[] = [];
  for (const entity of named) {
    const surface = entity.text.trim();
    if (!WORD_CHAR.test(surface) || surface.length > MAX_ENTITY_CHARS) continue;
    const kind = entityKindOf(entity.kind);
    let spans: { start: number; end: number }[] = [];
    for (const form of [surface.replace(QUOTES, ''), surface, surface.replace(EDGE_MARKS, '')]) {
      spans = occurrences(text, form);
      if (spans.length > 0) break;
    }
    for (const { start, end } of spans) candidates.push({ text: text.slice(start, end), start, end, kind });
  }
  const kept: Entity[] = [];
  // A stable sort: among spans of one length, the one named first keeps its place.
  for (const candidate of [...candidates].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    if (!kept.some((k) => k.start < candidate.end && candidate.start < k.end)) kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}
