import { stemmer } from 'stemmer';
import { BoundedCache } from './bounded-cache.js';

/**
 * The keys a group's term statistics count under (graph/term-stats.ts): a word's Porter stem, as the full-text
 * index's English analyzer finds a word by its stem, so "planted" and "plants" weigh as the one term "plant" that a
 * query for either finds. A memory holds the keys of its text and of its speaker (recall searches both fields).
 * Words are cut as the index's tokenizer cuts them, near enough: runs of letters and digits, an apostrophe inside a
 * word kept and a possessive dropped. Not domain/text.ts's tokenizer, which costs some fifty times more, and recall
 * cuts every text it ranks (termsHeld).
 */

/** Lucene's English stop words: the index's analyzer drops them, so no query finds a memory by one. */
const INDEX_STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with'.split(
    ' ',
  ),
);

const stems = new BoundedCache<string>({ maxEntries: 65_536, maxChars: 1_000_000 });

/** A word: letters and digits, with apostrophes inside ("don't", "maria's"). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

/** The possessive ending the index's analyzer drops. */
const POSSESSIVE = /['’]s$/u;

/** The key of one lower-case word, or null for a word the index drops. */
export function termKey(word: string): string | null {
  // Most words have no apostrophe, and the test for one is far cheaper than the pattern.
  const bare = word.includes("'") || word.includes('’') ? word.replace(POSSESSIVE, '') : word;
  if (bare === '' || INDEX_STOP_WORDS.has(bare)) return null;
  return stems.getOrSet(bare, stemmer);
}

/** A text's words, lower case, as the keys are cut from them. */
export function keyWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** The distinct keys of a text. */
export function termKeys(text: string): Set<string> {
  return new Set(textTerms(text).counts.keys());
}

/** A text as the index counts it: how often it holds each key, and its length in words the index keeps. */
export interface TextTerms {
  counts: ReadonlyMap<string, number>;
  length: number;
}

/** How often a text holds each key, and how many words of it the index keeps (BM25's document length). */
export function textTerms(text: string): TextTerms {
  const counts = new Map<string, number>();
  let length = 0;
  for (const word of keyWords(text)) {
    const key = termKey(word);
    if (key === null) continue;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    length++;
  }
  return { counts, length };
}

/**
 * Not a word (no key holds "#"): under this key a group's term statistics keep the summed length of its memories'
 * texts (textTerms), where a word's key keeps a count of memories. Kept by the same writers in the same
 * transactions, it is as exact as the counts, and with the group's memory count gives its texts' average length, which
 * recall normalises a hit's term frequency by (domain/group-bm25.ts). The speaker field is not counted: a name or
 * two, every memory alike.
 */
export const LENGTH_KEY = '#length';

/**
 * What a memory adds to its group's term statistics: the distinct keys it holds, those of its text and of its
 * speaker (recall searches both fields), sorted (the order Neo4j locks a group's terms in); and its text's length.
 */
export function memoryTerms(
  text: string,
  speaker: string | null | undefined,
): { keys: string[]; length: number } {
  const own = textTerms(text);
  const keys = new Set(own.counts.keys());
  if (speaker) for (const key of termKeys(speaker)) keys.add(key);
  return { keys: [...keys].sort(), length: own.length };
}

/** One key of a group's term statistics and how many memories hold it (or, in a change, how many more or fewer). */
export interface TermCount {
  term: string;
  memories: number;
}

/**
 * How many of `memories` hold each key, added to `counts` (a new map when none is given), and under LENGTH_KEY
 * their texts' summed length.
 */
export function countTermKeys(
  memories: Iterable<{ text: string; speaker?: string | null }>,
  counts: Map<string, number> = new Map(),
): Map<string, number> {
  for (const m of memories) {
    const { keys, length } = memoryTerms(m.text, m.speaker);
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    if (length > 0) counts.set(LENGTH_KEY, (counts.get(LENGTH_KEY) ?? 0) + length);
  }
  return counts;
}

/** Counts as rows sorted by key: the order in which every writer locks a group's terms. */
export function termCountRows(counts: Map<string, number>): TermCount[] {
  return [...counts.keys()].sort().map((term) => ({ term, memories: counts.get(term) as number }));
}

/**
 * A query term as recall tells which texts hold it: its spellings, each a list of keys that a text must all hold.
 * A query word has one spelling of one key; a name the group's entities spell several ways
 * (domain/named-entities.ts) has one per spelling.
 */
export interface AskedTerm {
  term: string;
  spellings: string[][];
  /** The key its memories are counted under: a query word's own; null for a name of several spellings. */
  key: string | null;
}

/**
 * A query word (as domain/lucene.ts queryTerms gives it) as recall asks it. A word quoted for holding other
 * characters ("e-mail", "10:30") is a phrase to the index, held where all its words are.
 */
export function askedWord(term: string): AskedTerm {
  if (term.startsWith('"')) return askedName(term, [keyWords(unquoted(term))]);
  const key = termKey(term);
  return { term, spellings: key === null ? [] : [[key]], key };
}

/** A name, or a phrase, searched by its spellings (each its words), under the term `term`. */
export function askedName(term: string, spellings: string[][]): AskedTerm {
  const keyed = spellings
    .map((words) =>
      words
        .flatMap(keyWords)
        .map(termKey)
        .filter((k): k is string => k !== null),
    )
    .filter((keys) => keys.length > 0);
  return { term, spellings: keyed, key: null };
}

/**
 * Recent texts' analyses, for termsHeld and termFrequencies: recall tells the terms of every text it ranks, and a
 * memory that one query finds the next one often finds again. The character bound holds it to some tens of MB,
 * whatever the texts.
 */
const analysed = new BoundedCache<TextTerms>({ maxEntries: 16_384, maxChars: 2_000_000 });

const NO_TERMS: TextTerms = { counts: new Map(), length: 0 };

/** The asked terms a text (with its speaker) holds: those one of whose spellings it holds every key of. */
export function termsHeld(asked: AskedTerm[], text: string, speaker: string | null): string[] {
  const inText = analysed.getOrSet(text, textTerms).counts;
  const bySpeaker = speaker ? analysed.getOrSet(speaker, textTerms).counts : NO_TERMS.counts;
  const holds = (key: string) => inText.has(key) || bySpeaker.has(key);
  return asked
    .filter(({ spellings }) => spellings.some((spelling) => spelling.every(holds)))
    .map(({ term }) => term);
}

/** How often a text holds each asked term, and whether its speaker's name holds it (the index's two fields). */
export interface TermFrequencies {
  /** Per asked term the text holds: its best spelling's count, the count of that spelling's scarcest key. */
  inText: Map<string, number>;
  /** The asked terms the speaker's name holds. */
  bySpeaker: Set<string>;
  /** The text's length in words the index keeps. */
  length: number;
}

/** What recall scores a memory hit by (domain/group-bm25.ts): the asked terms' counts in it, and its length. */
export function termFrequencies(asked: AskedTerm[], text: string, speaker: string | null): TermFrequencies {
  const own = analysed.getOrSet(text, textTerms);
  const name = speaker ? analysed.getOrSet(speaker, textTerms).counts : NO_TERMS.counts;
  const inText = new Map<string, number>();
  const bySpeaker = new Set<string>();
  for (const { term, spellings } of asked) {
    let best = 0;
    let named = false;
    for (const spelling of spellings) {
      // Plain loops: this runs for every asked term of every hit of every recall.
      let scarcest = Number.POSITIVE_INFINITY;
      let inName = true;
      for (const key of spelling) {
        scarcest = Math.min(scarcest, own.counts.get(key) ?? 0);
        inName &&= name.has(key);
      }
      if (scarcest > best && scarcest !== Number.POSITIVE_INFINITY) best = scarcest;
      named ||= inName && spelling.length > 0;
    }
    if (best > 0) inText.set(term, best);
    if (named) bySpeaker.add(term);
  }
  return { inText, bySpeaker, length: own.length };
}

/** A quoted phrase's text (domain/lucene.ts quotedPhrase, undone). */
function unquoted(phrase: string): string {
  return phrase.slice(1, -1).replace(/\\(.)/g, '$1');
}
