import { analyse, contentWords, type TextToken, words } from './text.js';

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

/** What the tagger tells of a query's terms, each in the form queryTerms gives it. */
export interface QueryEntities {
  /** Names of people, places and things (proper nouns): "Maria", "Lisbon". */
  names: Set<string>;
  /** Words of a date or time: "june", "2023", "yesterday". */
  dates: Set<string>;
}

/**
 * The names and dates among a query's words, which relevance weighs apart from the rest (domain/term-evidence.ts).
 * Names are told by the tagger, which reads capitals: a query written all in lower case has none.
 */
export function queryEntities(text: string): QueryEntities {
  const tokens = analyse(text).sentences.flatMap((s) => s.tokens);
  const isDate = (t: TextToken) => t.entity === 'DATE' || t.entity === 'TIME' || YEAR.test(t.normal);
  return {
    names: new Set(tokens.filter((t) => t.pos === 'PROPN' && !isDate(t)).map((t) => asTerm(t.normal))),
    dates: new Set(tokens.filter(isDate).map((t) => asTerm(t.normal))),
  };
}

/** A year on its own ("in 3 June, 2023" leaves the tagger calling 2023 a plain number). */
const YEAR = /^(1[89]|20)\d\d$/;

/**
 * A term's query in one group: the term in the text or speaker fields, and only in documents whose groupId field
 * holds the group id as a phrase. The index is shared by every group, so without the group clause a term common in
 * other groups crowds this group's hits out of the limit. The clause is boosted to 0 so scores stay the term's
 * own; a phrase can also match a longer id that contains it ("team-a" in "big-team-a"), and an id of stop words
 * alone filters nothing, so the caller still checks groupId exactly.
 */
export function termInGroup(term: string, groupId: string): string {
  return `${groupClause(groupId)} +${textClause(term)}`;
}

/** The group's texts holding any of the terms (each as queryTerms gives it): termInGroup of their disjunction. */
export function anyTermInGroup(terms: string[], groupId: string): string {
  return termInGroup(`(${terms.join(' OR ')})`, groupId);
}

/**
 * The group's entities one of whose names or aliases holds any of the terms (each as queryTerms gives it): what
 * recall/named-entities.cypher asks the entity index, before domain/named-entities.ts keeps those the query names
 * whole.
 */
export function entityNamesInGroup(terms: string[], groupId: string): string {
  const any = `(${terms.join(' OR ')})`;
  return `${groupClause(groupId)} +(name:${any} OR aliases:${any})`;
}

/**
 * The group clause, required and scored 0 (see termInGroup): what recall/lexical-search.cypher puts before the
 * disjunction of the query's weighed terms.
 */
export function groupClause(groupId: string): string {
  return `+groupId:${quotedPhrase(groupId)}^0`;
}

/** A term (as queryTerms gives it) in the text or the speaker field. */
export function textClause(term: string): string {
  return `(text:${term} OR speaker:${term})`;
}

/** A phrase for Lucene: its words in order, whatever characters they hold (quotes and backslashes escaped). */
export function quotedPhrase(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function asTerm(word: string): string {
  // Operators are words only in upper case; the words are lower case, but quoting them costs nothing.
  if (/^[\p{L}\p{N}]+$/u.test(word) && !/^(and|or|not|to)$/.test(word)) return word;
  return quotedPhrase(word);
}
