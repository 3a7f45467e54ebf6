import { type EntityKind, type Token, tokenize } from './entities.js';
import type { LabelledText } from './entity-training.js';

/**
 * WNUT 2017's CoNLL files (one token and its BIO tag a line, a blank line between sentences) as Strata reads
 * text: each sentence is its tokens joined by single spaces, and its entities are character spans of that text.
 */
export interface GoldSentence {
  text: string;
  entities: { start: number; end: number; kind: EntityKind }[];
}

/** WNUT's kinds in Strata's: corporation and group are both organisations. */
export const WNUT_KINDS: Readonly<Record<string, EntityKind>> = {
  person: 'person',
  location: 'place',
  corporation: 'organisation',
  group: 'organisation',
  product: 'product',
  'creative-work': 'work',
};

export function parseConll(source: string): GoldSentence[] {
  const sentences: GoldSentence[] = [];
  let words: string[] = [];
  let tags: string[] = [];
  const flush = () => {
    if (words.length > 0) sentences.push(goldSentence(words, tags));
    words = [];
    tags = [];
  };
  for (const line of source.split(/\r?\n/)) {
    if (line.trim() === '') {
      flush();
      continue;
    }
    const cut = line.lastIndexOf('\t');
    words.push(line.slice(0, cut));
    tags.push(line.slice(cut + 1).trim());
  }
  flush();
  return sentences;
}

function goldSentence(words: string[], tags: string[]): GoldSentence {
  const entities: GoldSentence['entities'] = [];
  let offset = 0;
  let open: GoldSentence['entities'][number] | null = null;
  words.forEach((word, i) => {
    const tag = tags[i] as string;
    const start = offset;
    const end = start + word.length;
    offset = end + 1;
    const kind = tag === 'O' ? undefined : WNUT_KINDS[tag.slice(2)];
    if (!kind) {
      open = null;
      return;
    }
    if (tag.startsWith('I-') && open && open.kind === kind) {
      open.end = end;
      return;
    }
    open = { start, end, kind };
    entities.push(open);
  });
  return { text: words.join(' '), entities };
}

/** The sentence tokenised as the extractor tokenises, each token labelled B-/I-/O from the gold spans. */
export function labelledText(sentence: GoldSentence): LabelledText {
  const tokens: Token[] = tokenize(sentence.text);
  const labels = tokens.map((token) => {
    const entity = sentence.entities.find((e) => e.start <= token.start && token.end <= e.end);
    if (!entity) return 'O';
    return `${token.start === entity.start ? 'B' : 'I'}-${entity.kind}`;
  });
  return { tokens, labels };
}

export interface Score {
  precision: number;
  recall: number;
  f1: number;
  gold: number;
  found: number;
  correct: number;
}

export interface FoundSpan {
  start: number;
  end: number;
  kind: string;
}

/**
 * Exact-span scores over many sentences: typed (span and kind must match), untyped (span only), and per kind
 * (typed, among the gold and found entities of that kind).
 */
export function scoreEntities(
  gold: readonly (readonly FoundSpan[])[],
  found: readonly (readonly FoundSpan[])[],
): { typed: Score; untyped: Score; byKind: Record<string, Score> } {
  const tally = () => ({ gold: 0, found: 0, correct: 0 });
  const typed = tally();
  const untyped = tally();
  const byKind: Record<string, ReturnType<typeof tally>> = {};
  const kindTally = (kind: string) => {
    byKind[kind] ??= tally();
    return byKind[kind];
  };
  gold.forEach((goldSpans, i) => {
    const foundSpans = found[i] ?? [];
    const key = (s: FoundSpan) => `${s.start}:${s.end}`;
    const goldKeys = new Map(goldSpans.map((s) => [key(s), s.kind]));
    typed.gold += goldSpans.length;
    untyped.gold += goldSpans.length;
    typed.found += foundSpans.length;
    untyped.found += foundSpans.length;
    for (const s of goldSpans) kindTally(s.kind).gold += 1;
    for (const s of foundSpans) {
      kindTally(s.kind).found += 1;
      const goldKind = goldKeys.get(key(s));
      if (goldKind === undefined) continue;
      untyped.correct += 1;
      if (goldKind === s.kind) {
        typed.correct += 1;
        kindTally(s.kind).correct += 1;
      }
    }
  });
  const score = (t: ReturnType<typeof tally>): Score => {
    const precision = t.found ? t.correct / t.found : 0;
    const recall = t.gold ? t.correct / t.gold : 0;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    return { precision, recall, f1, ...t };
  };
  return {
    typed: score(typed),
    untyped: score(untyped),
    byKind: Object.fromEntries(Object.entries(byKind).map(([k, t]) => [k, score(t)])),
  };
}
