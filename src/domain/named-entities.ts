import { queryTerms, quotedPhrase } from './lucene.js';
import { words } from './text.js';

/** An entity of the group as recall's lookup finds it: enough to tell whether a query names it. */
export interface EntityNames {
  id: string;
  name: string;
  aliases: string[];
  mentions: number;
}

/** An entity the query names, with the query's words that name it. */
export interface NamedEntity<T extends EntityNames> {
  entity: T;
  /** The query's words (as `words` gives them) that spell one of its names. */
  named: string[];
}

/** A query term searched by an expression other than itself: an entity's name, by any of its spellings. */
export interface EntityTerm {
  /** The term's identity in the evidence (its weight, its hits): the words of the name the query used. */
  term: string;
  /** The Lucene expression it is searched by: any of the entity's spellings, each a phrase. */
  match: string;
  /** The query terms it stands for. */
  replaces: string[];
  /** Its spellings, each as its words: what a text holds when it names the entity. */
  spellings: string[][];
}

/** "'s" and the like: a possessive names the same entity ("Ana's" is Ana). */
const POSSESSIVE = /^'s?$/;

/** A text's words as names are compared: lower case, possessives left out. */
function nameWords(text: string): string[] {
  return words(text).filter((w) => !POSSESSIVE.test(w));
}

/**
 * The entities (of those the lookup found) that the query names by their name or an alias, as whole words in any
 * case. Where two spellings overlap in the query, the longer wins ("Ana Costa" over a separate "Ana"), then the
 * entity mentioned most; a word names one entity at most.
 */
export function namedEntities<T extends EntityNames>(query: string, candidates: T[]): NamedEntity<T>[] {
  const queryWords = nameWords(query);
  const found: { entity: T; start: number; length: number }[] = [];
  for (const entity of candidates) {
    let best: { start: number; length: number } | null = null;
    for (const spelling of [entity.name, ...entity.aliases]) {
      const spelled = nameWords(spelling);
      const start = indexOfRun(queryWords, spelled);
      if (start >= 0 && (!best || spelled.length > best.length)) best = { start, length: spelled.length };
    }
    if (best) found.push({ entity, ...best });
  }
  found.sort((a, b) => b.length - a.length || b.entity.mentions - a.entity.mentions);
  const taken = new Set<number>();
  const named: NamedEntity<T>[] = [];
  for (const f of found) {
    const at = Array.from({ length: f.length }, (_, i) => f.start + i);
    if (at.some((i) => taken.has(i))) continue;
    for (const i of at) taken.add(i);
    named.push({ entity: f.entity, named: at.map((i) => queryWords[i] as string) });
  }
  return named;
}

/**
 * The query terms that become one term searched by every spelling of the entity they name: a message that says
 * "Ana" holds what a query about "Ana Costa" asks, when the group's entities say they are one. An entity with no
 * spelling beyond the query's own words changes nothing (its term would find what the words find).
 */
export function entityTerms(named: NamedEntity<EntityNames>[]): EntityTerm[] {
  const terms: EntityTerm[] = [];
  for (const { entity, named: asked } of named) {
    const spellings = new Map<string, string[]>();
    for (const spelling of [entity.name, ...entity.aliases]) {
      const spelled = nameWords(spelling);
      if (spelled.length > 0) spellings.set(spelled.join(' '), spelled);
    }
    const askedKey = asked.join(' ');
    if (spellings.size <= 1 && spellings.has(askedKey)) continue;
    spellings.set(askedKey, asked);
    const replaces = queryTerms(asked.join(' '));
    if (replaces.length === 0) continue;
    const alternatives = [...spellings.values()].map((w) =>
      w.length === 1
        ? (queryTerms(w[0] as string)[0] ?? quotedPhrase(w[0] as string))
        : quotedPhrase(w.join(' ')),
    );
    terms.push({
      term: quotedPhrase(askedKey),
      match: `(${[...new Set(alternatives)].join(' OR ')})`,
      replaces,
      spellings: [...spellings.values()],
    });
  }
  return terms;
}

/** Where `run` starts in `list` as a contiguous run, or -1. */
export function indexOfRun(list: string[], run: string[]): number {
  if (run.length === 0 || run.length > list.length) return -1;
  outer: for (let i = 0; i + run.length <= list.length; i++) {
    for (let j = 0; j < run.length; j++) if (list[i + j] !== run[j]) continue outer;
    return i;
  }
  return -1;
}
