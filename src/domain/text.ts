/**
 * English text cut up by winkNLP with its lite English model (both MIT, the model ships inside the npm package,
 * so nothing is downloaded at run time): tokens, sentences, parts of speech, lemmas and entities. Every place
 * that splits text into words or sentences goes through here, so they all agree on what a word is.
 */

import model from 'wink-eng-lite-web-model';
import winkNLP, {
  type ItemEntity,
  type ItemSentence,
  type ItsFunction,
  type PartOfSpeech,
  type WinkMethods,
} from 'wink-nlp';
import { BoundedCache } from './bounded-cache.js';

export type { PartOfSpeech };

/** One token of an analysed text. */
export interface TextToken {
  /** As written. */
  text: string;
  /** Lower case, contractions expanded ("n't" -> "not"). */
  normal: string;
  /** Dictionary form given the part of speech ("cousins" -> "cousin", "went" -> "go"). */
  lemma: string;
  pos: PartOfSpeech;
  /** winkNLP's token class: word, number, punctuation, emoji, url, hashtag, ... */
  kind: string;
  /** On the model's stop-word list (function words: "the", "we", "would"). */
  stop: boolean;
  /** The type of the entity the token is part of (DATE, CARDINAL, PERCENT, ...), or null. */
  entity: string | null;
  /** First token of its sentence, where capitals say nothing about proper nouns. */
  sentenceStart: boolean;
  /** True when the lower-case form is a word the model knows; names of people and places mostly are not. */
  known: boolean;
}

export interface AnalysedSentence {
  text: string;
  tokens: TextToken[];
}

export interface AnalysedText {
  sentences: AnalysedSentence[];
}

/** Kinds of token that carry words: the rest is punctuation, symbols, emoji, links and the like. */
const WORD_KINDS: ReadonlySet<string> = new Set(['word', 'number', 'ordinal', 'time', 'hashtag', 'mention']);

// Two pipelines: a bare tokenizer for hot paths (embedding every memory, full-text queries) and the full one
// (sentences, parts of speech, entities) for summaries and topics. Each loads on first use, so commands that never
// cut text up do not pay for the model.
let lexer: WinkMethods | null = null;
let parser: WinkMethods | null = null;

function getLexer(): WinkMethods {
  lexer ??= winkNLP(model, []);
  return lexer;
}

function getParser(): WinkMethods {
  parser ??= winkNLP(model, ['sbd', 'pos', 'ner']);
  return parser;
}

/**
 * Lower-case word tokens (words, numbers, times such as "7pm", hashtags, mentions), contractions expanded; no
 * punctuation or emoji.
 */
export function words(text: string): string[] {
  return lexicalTokens(text)
    .filter((t) => WORD_KINDS.has(t.kind))
    .map((t) => t.normal);
}

/** Words without the model's stop words and single characters: what a text is about rather than how it is said. */
export function contentWords(text: string): string[] {
  return lexicalTokens(text)
    .filter((t) => WORD_KINDS.has(t.kind) && !t.stop && t.normal.length > 1)
    .map((t) => t.normal);
}

interface LexicalToken {
  normal: string;
  kind: string;
  stop: boolean;
}

// Tokens take some 12 to 18 bytes per character of text (measured on chat lines and on long notes), so the
// character bound holds this cache to about 12-18 MB whatever the length of the lines.
const lexicalCache = new BoundedCache<LexicalToken[]>({ maxEntries: 16_384, maxChars: 1_000_000 });

/**
 * The bare tokenizer's tokens, line by line. A period's content is its messages joined by line breaks, and the
 * same message is embedded at ingest, in its session's content and in its day's: each line is cut once and
 * recent lines are kept. (A line break separates tokens anyway, so cutting by line changes nothing.)
 */
function lexicalTokens(text: string): LexicalToken[] {
  if (!text.includes('\n')) return lineTokens(text);
  return text.split('\n').flatMap(lineTokens);
}

function lineTokens(line: string): LexicalToken[] {
  return lexicalCache.getOrSet(line, tokenize);
}

function tokenize(text: string): LexicalToken[] {
  const nlp = getLexer();
  const tokens = nlp.readDoc(text).tokens();
  const normals = tokens.out(nlp.its.normal) as string[];
  const kinds = tokens.out(nlp.its.type) as string[];
  const stops = tokens.out(nlp.its.stopWordFlag) as unknown as boolean[];
  return normals.map((normal, i) => ({
    normal,
    kind: kinds[i] as string,
    stop: stops[i] === true || isFunctionFragment(normal),
  }));
}

/**
 * Pieces the model does not list as stop words but that are no more than grammar: the possessive "'s" that
 * winkNLP splits off ("Caroline's" -> "Caroline", "'s"), and contractions it leaves whole ("I'm").
 */
function isFunctionFragment(normal: string): boolean {
  // Both kinds need an apostrophe; most tokens have none, and the test for one is far cheaper than the patterns.
  if (!normal.includes("'") && !normal.includes('’')) return false;
  return /^['’]/.test(normal) || isUnsplitContraction(normal);
}

const contractionCache = new BoundedCache<boolean>({ maxEntries: 4096, maxChars: 100_000 });

/**
 * winkNLP splits "we're" and "I'd" but leaves "I'm" whole, and then tags it a proper noun. A word of the form
 * stop-word + apostrophe + one or two letters is such a contraction and as much a function word as its parts.
 */
function isUnsplitContraction(normal: string): boolean {
  const match = /^(\p{L}+)['’]\p{L}{1,2}$/u.exec(normal);
  if (!match) return false;
  const head = match[1] as string;
  let stop = contractionCache.get(head);
  if (stop === undefined) {
    const nlp = getLexer();
    stop = (nlp.readDoc(head).tokens().out(nlp.its.stopWordFlag) as unknown as boolean[])[0] === true;
    contractionCache.set(head, stop);
  }
  return stop;
}

/** The sentences of a text, as written, without surrounding white space. */
export function splitSentences(text: string): string[] {
  return analyse(text).sentences.map((s) => s.text);
}

// An analysis takes some 23 to 36 bytes per character of text, so this cache holds about 23-36 MB at most.
const cache = new BoundedCache<AnalysedText>({ maxEntries: 16_384, maxChars: 1_000_000, refreshOnHit: true });

/**
 * Sentences, tokens, parts of speech, lemmas and entities of a text. Summaries look at the same texts several
 * times (as items, then as the next period's background), so recent analyses are kept; treat them as read-only.
 */
export function analyse(text: string): AnalysedText {
  return cache.getOrSet(text, parse);
}

/** Nouns the model takes for Latin plurals that today's English uses as mass nouns: "social media", not "medium". */
const MASS_NOUNS: ReadonlySet<string> = new Set(['media', 'data']);

function parse(text: string): AnalysedText {
  const nlp = getParser();
  const { its } = nlp;
  const doc = nlp.readDoc(text);
  const tokens = doc.tokens();
  const values = tokens.out() as string[];
  const normals = tokens.out(its.normal) as string[];
  // The typings declare lemma with an extra argument that the library supplies itself.
  const lemmas = tokens.out(its.lemma as unknown as ItsFunction<string>) as string[];
  const pos = tokens.out(its.pos) as PartOfSpeech[];
  const kinds = tokens.out(its.type) as string[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const entityOf: (string | null)[] = values.map(() => null);
  doc.entities().each((entity: ItemEntity) => {
    const [from, to] = entity.out(its.span) as unknown as [number, number];
    const type = (entity.out(its.detail) as unknown as { type: string }).type;
    for (let i = from; i <= to; i++) entityOf[i] = type;
  });
  const sentences: AnalysedSentence[] = [];
  doc.sentences().each((sentence: ItemSentence) => {
    const [from, to] = sentence.out(its.span) as unknown as [number, number];
    const sentenceTokens: TextToken[] = [];
    for (let i = from; i <= to; i++) {
      sentenceTokens.push({
        text: values[i] as string,
        normal: normals[i] as string,
        lemma: MASS_NOUNS.has(normals[i] as string) ? (normals[i] as string) : (lemmas[i] as string),
        pos: pos[i] as PartOfSpeech,
        kind: kinds[i] as string,
        stop: stops[i] === true || isFunctionFragment(normals[i] as string),
        entity: entityOf[i] as string | null,
        sentenceStart: i === from,
        known: !doc.isOOV(normals[i] as string),
      });
    }
    const written = (sentence.out() as string).trim();
    if (written.length > 0) sentences.push({ text: written, tokens: retagStart(written, sentenceTokens) });
  });
  return { sentences };
}

/**
 * The tagger reads a capital as a sign of a proper noun, and every sentence starts with one: "Flights to Lisbon"
 * and "Good morning" come back with a proper noun first. When the first word is one the model knows in lower
 * case, the sentence is tagged again with that word in lower case and the new tags are kept. A sentence quoted
 * after its speaker's name, as summaries quote them ("Caroline: Glad you came."), starts after the colon.
 */
function retagStart(sentence: string, tokens: TextToken[]): TextToken[] {
  const retagged = retagAt(sentence, tokens, 0, 0);
  const colon = attributionColon(retagged);
  if (colon < 0) return retagged;
  const at = sentence.indexOf(':') + 1;
  return retagAt(sentence, retagged, colon + 1, sentence.indexOf(retagged[colon + 1]?.text ?? '', at));
}

/** The index of the colon after a speaker's name of one to three words that opens the sentence; -1 without one. */
function attributionColon(tokens: readonly TextToken[]): number {
  for (let i = 1; i <= 3 && i < tokens.length - 1; i++) {
    if (tokens[i]?.text === ':') return i;
    if (!/^\p{Lu}/u.test(tokens[i]?.text ?? '')) return -1;
  }
  return -1;
}

/**
 * Tags the sentence again with the word at token `index` (at character `offset`) in lower case when it is a known
 * word tagged a name for its capital, and keeps the new tags from that word on.
 */
function retagAt(sentence: string, tokens: TextToken[], index: number, offset: number): TextToken[] {
  const first = tokens[index];
  if (first?.pos !== 'PROPN' || !first.known || !/^\p{Lu}/u.test(first.text) || offset < 0) return tokens;
  if (!sentence.startsWith(first.text, offset)) return tokens;
  const lowered = parse(
    sentence.slice(0, offset) + first.text.charAt(0).toLowerCase() + sentence.slice(offset + 1),
  ).sentences.flatMap((s) => s.tokens);
  if (lowered.length !== tokens.length) return tokens;
  return tokens.map((token, i) => {
    if (i < index) return token;
    const again = lowered[i] as TextToken;
    return { ...token, pos: again.pos, lemma: again.lemma, stop: again.stop, entity: again.entity };
  });
}

/** True for tokens that carry words (not punctuation, symbols, emoji or links). */
export function isWordToken(token: Pick<TextToken, 'kind'>): boolean {
  return WORD_KINDS.has(token.kind);
}
