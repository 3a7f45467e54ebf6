import { contentTokens, tokenize } from './text.js';

/**
 * A Lucene query for the full-text index from free text: its words OR-ed together. The words come from the
 * tokenizer, so they hold only letters and digits and no Lucene syntax reaches the index from user input.
 * Returns null when the text has no words at all.
 */
export function toLuceneQuery(text: string, maxTerms = 32): string | null {
  let words = contentTokens(text);
  if (words.length === 0) words = tokenize(text);
  const unique = [...new Set(words)].slice(0, maxTerms);
  // Lucene's reserved words are operators only in upper case; the tokens are lower case, but quote them anyway.
  return unique.length === 0
    ? null
    : unique.map((w) => (/^(and|or|not|to)$/.test(w) ? `"${w}"` : w)).join(' OR ');
}
