import { contentTokens, tokenize } from './text.js';

/**
 * The terms of a query for the full-text index: its distinct content words (all its words when it has only stop
 * words), at most `maxTerms`. They come from the tokenizer, so they hold only letters and digits and no Lucene
 * syntax from the caller reaches the index; each is searched on its own, so each can be weighed on its own.
 */
export function queryTerms(text: string, maxTerms = 32): string[] {
  let words = contentTokens(text);
  if (words.length === 0) words = tokenize(text);
  // Lucene's reserved words are operators only in upper case; the tokens are lower case, but quote them anyway.
  return [...new Set(words)].slice(0, maxTerms).map((w) => (/^(and|or|not|to)$/.test(w) ? `"${w}"` : w));
}
