import { analyse, contentWords, words } from './text.js';

/**
 * The terms of a query for the full-text index: its distinct content words (all its words when it has only stop
 * words), at most `maxTerms`. A word that is anything but letters and digits ("e-mail", "10:30", "#launch") is
 * quoted, as are Lucene's operator words, so no Lucene syntax from the caller reaches the index; each term is
 * searched on its own, so each can be weighed on its own.
 */
export function queryTerms(text: string, maxTerms = 32): string[] {
  let terms = contentWords(text);
  if (terms.length === 0) terms = words(text);
  return [...new Set(terms)].slice(0, maxTerms).map(asTerm);
}

/**
 * The query's terms that are names (proper nouns, dates aside: "Maria", "Lisbon", not "July"), in the form
 * queryTerms gives them. Relevance weighs a name the group has never mentioned heavily (domain/term-evidence.ts).
 * Names are told by the tagger, which reads capitals: a query written all in lower case has none.
 */
export function queryNames(text: string): Set<string> {
  const tokens = analyse(text).sentences.flatMap((s) => s.tokens);
  return new Set(
    tokens
      .filter((t) => t.pos === 'PROPN' && t.entity !== 'DATE' && t.entity !== 'TIME')
      .map((t) => asTerm(t.normal)),
  );
}

/**
 * A term's query in one group: the term in the text or speaker fields, and only in documents whose groupId field
 * holds the group id as a phrase. The index is shared by every group, so without the group clause a term common in
 * other groups crowds this group's hits out of the limit. The clause is boosted to 0 so scores stay the term's
 * own; a phrase can also match a longer id that contains it ("team-a" in "big-team-a"), and an id of stop words
 * alone filters nothing, so the caller still checks groupId exactly.
 */
export function termInGroup(term: string, groupId: string): string {
  return `+groupId:${quoted(groupId)}^0 +(text:${term} OR speaker:${term})`;
}

function quoted(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function asTerm(word: string): string {
  // Operators are words only in upper case; the words are lower case, but quoting them costs nothing.
  if (/^[\p{L}\p{N}]+$/u.test(word) && !/^(and|or|not|to)$/.test(word)) return word;
  return quoted(word);
}
