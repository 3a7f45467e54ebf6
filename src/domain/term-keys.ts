import { stemmer } from 'stemmer';
import { BoundedCache } from './bounded-cache.js';
import { words } from './text.js';

/**
 * The keys a group's term statistics count under (graph/term-stats.ts): a word's Porter stem, as the full-text
 * index's English analyzer finds a word by its stem, so "planted" and "plants" weigh as the one term "plant" that a
 * query for either finds. A memory holds the keys of its text and of its speaker (recall searches both fields).
 * The words are the tokenizer's (domain/text.ts), the same that make a query's terms, so a query term's key is
 * always one a memory can hold.
 */

/** Lucene's English stop words: the index's analyzer drops them, so no query finds a memory by one. */
const INDEX_STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  ),
);

const stems = new BoundedCache<string>({ maxEntries: 65_536, maxChars: 1_000_000 });

/** The key of one word as domain/text.ts words() gives it (lower case), or null for a word the index drops. */
export function termKey(word: string): string | null {
  // The possessive "'s" that the tokenizer splits off is dropped by the index's analyzer too.
  if (INDEX_STOP_WORDS.has(word) || word.startsWith("'") || word.startsWith('’')) return null;
  return stems.getOrSet(word, stemmer);
}

/** The distinct keys of a text. */
export function termKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const word of words(text)) {
    const key = termKey(word);
    if (key !== null) keys.add(key);
  }
  return keys;
}

/** The distinct keys a memory holds: those of its text and of its speaker, sorted (the order Neo4j locks them in). */
export function memoryTermKeys(text: string, speaker: string | null | undefined): string[] {
  const keys = termKeys(text);
  if (speaker) for (const key of termKeys(speaker)) keys.add(key);
  return [...keys].sort();
}

/** One key of a group's term statistics and how many memories hold it (or, in a change, how many more or fewer). */
export interface TermCount {
  term: string;
  memories: number;
}

/** How many of `memories` hold each key, added to `counts` (a new map when none is given). */
export function countTermKeys(
  memories: Iterable<{ text: string; speaker?: string | null }>,
  counts: Map<string, number> = new Map(),
): Map<string, number> {
  for (const m of memories) {
    for (const key of memoryTermKeys(m.text, m.speaker)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Counts as rows sorted by key: the order in which every writer locks a group's terms. */
export function termCountRows(counts: Map<string, number>): TermCount[] {
  return [...counts.keys()].sort().map((term) => ({ term, memories: counts.get(term) as number }));
}
