import { contentWords, words } from './text.js';

/**
 * A Lucene query for the full-text index from free text: its words OR-ed together. A word that is anything but
 * letters and digits ("e-mail", "10:30", "#launch") goes in quotes, as do Lucene's operator words, so no Lucene
 * syntax reaches the index from user input. Returns null when the text has no words at all.
 */
export function toLuceneQuery(text: string, maxTerms = 32): string | null {
  let terms = contentWords(text);
  if (terms.length === 0) terms = words(text);
  const unique = [...new Set(terms)].slice(0, maxTerms);
  return unique.length === 0 ? null : unique.map(asTerm).join(' OR ');
}

function asTerm(word: string): string {
  // Operators are words only in upper case; the words are lower case, but quoting them costs nothing.
  if (/^[\p{L}\p{N}]+$/u.test(word) && !/^(and|or|not|to)$/.test(word)) return word;
  return `"${word.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
