import type { EntityKind } from './entities.js';

/**
 * How a mention names its entity within a group: the name (a possessive, marks, a leading "the" and a person's title
 * cut off) and the key it is found by. Pure; resolution (entity-resolution.ts) builds on it.
 */

export const TITLES = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'mx',
  'miss',
  'prof',
  'professor',
  'sir',
  'madam',
  'dame',
]);
export const EDGE = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
export const POSSESSIVE = /(?:['’´]s|['’´])$/iu;

/**
 * A mention as it names its entity: surrounding marks, a possessive, a leading "the", and (for a person) a title
 * cut off; white space made single. Null when nothing with a letter is left.
 */
export function entityName(surface: string, kind: EntityKind): string | null {
  let name = surface.normalize('NFKC').replace(/\s+/g, ' ').trim();
  name = name.replace(POSSESSIVE, '').replace(EDGE, '');
  let words = name.split(' ').filter(Boolean);
  if (words.length > 1 && words[0]?.toLowerCase() === 'the') words = words.slice(1);
  if (kind === 'person') {
    while (words.length > 1 && TITLES.has((words[0] as string).toLowerCase().replace(/\.$/, ''))) {
      words = words.slice(1);
    }
  }
  name = words.join(' ').replace(EDGE, '');
  if (!/\p{L}/u.test(name) || name.length < 2) return null;
  return name;
}

/** The key an entity is found by within its group: its name in lower case. */
export function entityKey(name: string): string {
  return name.toLowerCase();
}

/** One mention found in a session, before resolution. */
export interface RawMention {
  key: string;
  name: string;
  /** The text as written (a title, a possessive), kept as an alias. */
  surface: string;
  kind: EntityKind;
  /** It begins a sentence, where its first word's capital says nothing. */
  sentenceStart?: boolean;
  /** The word in title case right after it ("Monday" after "Blue"), if any. */
  next?: string | null;
}

/** An entity of the group already in the graph that a mention of the batch may stand for (lookupsFor). */
export interface KnownEntity {
  key: string;
  name: string;
  kind: EntityKind;
}
