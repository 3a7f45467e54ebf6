import type { Token } from './entities.js';

/**
 * What the tagger knows of a lower-cased word beyond its spelling: how common it is in general English (its rank
 * in a large vocabulary) and which clusters of similar words it falls in (word vectors grouped by k-means, fine
 * and coarse). Words the vocabulary lacks have none, which is itself a strong hint in noisy text.
 */
export interface WordInfo {
  /** -1 for a word from a name list that the vocabulary lacks. */
  rank: number;
  /** -1 likewise. */
  fine: number;
  coarse: number;
  /** Whether a list of people's names holds the word (first or family name). */
  name?: boolean;
}

export type Lexicon = ReadonlyMap<string, WordInfo>;

/** "iPhone" -> "xXx", "Bob" -> "Xx", "2017" -> "d", "R2-D2" -> "X-X-" style: letters and digits by class, runs collapsed. */
export function wordShape(word: string): string {
  let shape = '';
  for (const ch of word) {
    const c = /\p{Lu}/u.test(ch) ? 'X' : /\p{L}/u.test(ch) ? 'x' : /\p{N}/u.test(ch) ? 'd' : ch;
    if (shape.at(-1) !== c) shape += c;
  }
  return shape.length > 6 ? `${shape.slice(0, 6)}~` : shape;
}

function caseClass(word: string): string {
  if (!/\p{L}/u.test(word)) return /\p{N}/u.test(word) ? 'num' : 'punct';
  if (word === word.toUpperCase()) return word.length === 1 ? 'init' : 'upper';
  if (/^\p{Lu}/u.test(word)) return 'title';
  if (word === word.toLowerCase()) return 'lower';
  return 'mixed';
}

function rankBucket(info: WordInfo | undefined): string {
  if (!info || info.rank < 0) return 'oov';
  const r = info.rank;
  return r < 100 ? '100' : r < 1000 ? '1k' : r < 5000 ? '5k' : r < 20000 ? '20k' : r < 60000 ? '60k' : 'rare';
}

/** A word as the lexicon spells it: lower case, a leading @ or # dropped. */
export function lexiconKey(word: string): string {
  return word.toLowerCase().replace(/^[@#]/, '');
}

export const OFFSETS = [-2, -1, 1, 2] as const;
export type Offset = (typeof OFFSETS)[number];

function clusterOf(info: WordInfo | undefined, which: 'fine' | 'coarse'): string {
  return info && info.rank >= 0 ? String(info[which]) : 'none';
}

/**
 * The features of a word that depend on nothing else: its spelling, case, shape, how common it is, its clusters,
 * whether it is a known name. The tagger sums their weights once per distinct word (entity-scorer.ts).
 */
export function ownFeatures(word: string, lexicon: Lexicon): string[] {
  const w = word.toLowerCase();
  const info = lexicon.get(lexiconKey(word));
  const caseW = caseClass(word);
  const rank = rankBucket(info);
  const c = clusterOf(info, 'fine');
  const cc = clusterOf(info, 'coarse');
  const f = [
    'b',
    `w=${w}`,
    `sh=${wordShape(word)}`,
    `case=${caseW}`,
    `rank=${rank}`,
    `rank-case=${rank}|${caseW}`,
    `c=${c}`,
    `c-case=${c}|${caseW}`,
    `cc=${cc}`,
    `cc-case=${cc}|${caseW}`,
    `len=${Math.min(word.length, 12)}`,
  ];
  for (let n = 1; n <= 3 && n < w.length; n++) f.push(`p${n}=${w.slice(0, n)}`);
  for (let n = 1; n <= 4 && n < w.length; n++) f.push(`s${n}=${w.slice(-n)}`);
  if (info?.name) f.push('name', `name-case=${caseW}`, `name-rank=${rank}`);
  if (word.startsWith('@')) f.push('handle');
  if (word.startsWith('#')) f.push('hashtag');
  if (/^(?:https?:|www\.)/i.test(word)) f.push('url');
  return f;
}

/** The features a word lends to the token `offset` places from it; `undefined` for beyond the text's edge. */
export function neighbourFeatures(word: string | undefined, offset: Offset, lexicon: Lexicon): string[] {
  const o = offset > 0 ? `+${offset}` : String(offset);
  const edge = offset < 0 ? '<s>' : '</s>';
  const w = word === undefined ? edge : word.toLowerCase();
  if (offset === -2 || offset === 2) return [`w${o}=${w}`];
  const info = word === undefined ? undefined : lexicon.get(lexiconKey(word));
  return [
    `w${o}=${w}`,
    `sh${o}=${word === undefined ? edge : wordShape(word)}`,
    `c${o}=${word === undefined ? 'edge' : clusterOf(info, 'fine')}`,
    `cc${o}=${word === undefined ? 'edge' : clusterOf(info, 'coarse')}`,
  ];
}

/** What contextFeatures needs of the whole text, worked out once. */
export interface TextView {
  words: string[];
  lower: string[];
  infos: (WordInfo | undefined)[];
  cases: string[];
  /** How capitalised the text is: case says little in a message written all in capitals. */
  textCase: string;
}

export function textView(tokens: readonly Token[], lexicon: Lexicon): TextView {
  const words = tokens.map((t) => t.text);
  const cases = words.map(caseClass);
  const lettered = cases.filter((c) => c !== 'num' && c !== 'punct');
  const titled = lettered.filter((c) => c !== 'lower').length / Math.max(1, lettered.length);
  return {
    words,
    lower: words.map((w) => w.toLowerCase()),
    infos: words.map((w) => lexicon.get(lexiconKey(w))),
    cases,
    textCase: titled > 0.8 ? 'caps' : titled > 0.4 ? 'many' : titled > 0 ? 'some' : 'none',
  };
}

/** The features of token i that join it with its neighbours or with the whole text. */
export function contextFeatures(view: TextView, i: number): string[] {
  return [...pairFeatures(view, i), ...caseFeatures(caseParts(view, i))];
}

const edgeOf = (list: readonly string[], k: number) => (k < 0 ? '<s>' : k >= list.length ? '</s>' : list[k]);

/** The token with the word before it, and with the word after it. */
export function pairFeatures(view: TextView, i: number): string[] {
  const w = view.lower[i] as string;
  return [`w-1w=${edgeOf(view.lower, i - 1)}|${w}`, `ww+1=${w}|${edgeOf(view.lower, i + 1)}`];
}

/**
 * What the case features of token i are made of: a few classes each, so the tagger can key their summed weights
 * by `key` rather than build the features for every token.
 */
export interface CaseParts {
  before: string;
  own: string;
  after: string;
  textCase: string;
  sentenceStart: boolean;
  rank: string;
  /** Whether a known name, and the word before it too; undefined when the token is no known name. */
  namePrev: boolean | undefined;
  key: string;
}

export function caseParts(view: TextView, i: number): CaseParts {
  const { words, infos, cases, textCase } = view;
  const before = edgeOf(cases, i - 1) as string;
  const own = cases[i] as string;
  const after = edgeOf(cases, i + 1) as string;
  const sentenceStart = i === 0 || /^[.!?:"]$/.test(words[i - 1] as string);
  const rank = rankBucket(infos[i]);
  const namePrev = infos[i]?.name ? infos[i - 1]?.name === true : undefined;
  const key = `${before}|${own}|${after}|${textCase}|${sentenceStart}|${rank}|${namePrev}`;
  return { before, own, after, textCase, sentenceStart, rank, namePrev, key };
}

export function caseFeatures(p: CaseParts): string[] {
  const f = [
    `case3=${p.before}|${p.own}|${p.after}`,
    `case-tc=${p.own}|${p.textCase}`,
    `case-start=${p.own}|${p.sentenceStart}`,
    `rank-case-start=${p.rank}|${p.own}|${p.sentenceStart}`,
  ];
  if (p.namePrev !== undefined) f.push(`name-prev=${p.namePrev}`);
  return f;
}

/** Every feature of every token: its own, its neighbours', and its context's. */
export function tokenFeatures(tokens: readonly Token[], lexicon: Lexicon): string[][] {
  const view = textView(tokens, lexicon);
  return view.words.map((word, i) => [
    ...ownFeatures(word, lexicon),
    ...OFFSETS.flatMap((o) => neighbourFeatures(view.words[i + o], o, lexicon)),
    ...contextFeatures(view, i),
  ]);
}
