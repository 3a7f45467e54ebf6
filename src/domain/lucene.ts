import { contentWords, words } from './text.js';

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

function asTerm(word: string): string {
  // Operators are words only in upper case; the words are lower case, but quoting them costs nothing.
  if (/^[\p{L}\p{N}]+$/u.test(word) && !/^(and|or|not|to)$/.test(word)) return word;
  return `"${word.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
