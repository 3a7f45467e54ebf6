import { contentTokens, splitSentences, tokenize } from '../../domain/text.js';
import type { SummarizeRequest, Summarizer, SummaryDraft, SummaryItem, SummaryTopic } from './types.js';

/**
 * An extractive summarizer that needs no model and no network, and gives the same draft for the same input.
 *
 * - text: 2-5 sentences copied verbatim from the items (a full stop is added to one that has no closing
 *   punctuation), picked for relevance (centrality, the cosine to the centroid of all sentence vectors, blended
 *   with the topic weight a sentence carries) with maximal marginal relevance against those already picked,
 *   then put back in time order. When the input holds fewer usable sentences than that (one short message,
 *   say), all of them are used, so the text may be one sentence.
 * - topics: class-based TF-IDF of this period against the group's other periods (`background`).
 * - highlights: the items (or, for long items, their best sentence) that carry the most topic weight.
 * - activeUsers: the top speakers by message count.
 */
export interface SyncEmbedder {
  embedSync(text: string): number[];
}

const MMR_LAMBDA = 0.7;
const MIN_CONTENT_TOKENS = 3;
const MAX_TOPICS = 7;
const MIN_TOPICS = 3;
/** Topics below this share of the top weight are dropped once the minimum count is met. */
const TOPIC_CUTOFF = 0.25;
/** Items longer than this are quoted by their best sentence rather than whole. */
const MAX_HIGHLIGHT_CHARS = 280;
const MAX_ACTIVE_USERS = 5;

interface Candidate {
  text: string;
  item: number;
  position: number;
}

export class LocalExtractiveSummarizer implements Summarizer {
  readonly name = 'local-extractive@1';

  constructor(private readonly embedder: SyncEmbedder) {}

  async summarize(request: SummarizeRequest): Promise<SummaryDraft> {
    const weights = termWeights(
      request.items.map((i) => i.text),
      request.background,
    );
    return {
      text: this.summaryText(request.items, weights),
      topics: pickTopics(weights),
      highlights: pickHighlights(request.items, weights),
      activeUsers: rankSpeakers(request.speakerCounts, request.items),
      summarizer: this.name,
    };
  }

  private summaryText(items: SummaryItem[], weights: Map<string, number>): string {
    const candidates = candidateSentences(items);
    const count = Math.min(sentenceTarget(items.length), candidates.length);
    const vectors = candidates.map((c) => this.embedder.embedSync(c.text));
    const relevance = blend(
      centralities(vectors),
      candidates.map((c) => distinctiveness(c.text, weights)),
    );
    return selectByMmr(vectors, relevance, candidates, count)
      .sort((a, b) => a.position - b.position)
      .map((c) => closeSentence(c.text))
      .join(' ');
  }
}

/**
 * Chat messages often lack a closing full stop; one is added so that the sentences of the summary stay
 * apart when it is split again ("see you at 5" + "The deploy failed." would read as one sentence).
 */
function closeSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** 2 sentences for a handful of items, growing slowly to 5 for large periods. */
export function sentenceTarget(itemCount: number): number {
  if (itemCount <= 5) return 2;
  if (itemCount <= 15) return 3;
  if (itemCount <= 60) return 4;
  return 5;
}

/** Every sentence of every item, in time order; fragments too short to say much are left out if anything else remains. */
function candidateSentences(items: SummaryItem[]): Candidate[] {
  const all: Candidate[] = [];
  items.forEach((item, index) => {
    for (const text of splitSentences(item.text)) all.push({ text, item: index, position: all.length });
  });
  const substantial = all.filter((c) => contentTokens(c.text).length >= MIN_CONTENT_TOKENS);
  return substantial.length > 0 ? substantial : all;
}

function dot(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

function cosine(a: number[], b: number[]): number {
  const denominator = Math.sqrt(dot(a, a) * dot(b, b));
  return denominator > 0 ? dot(a, b) / denominator : 0;
}

function centroid(vectors: number[][]): number[] {
  const sum = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const vector of vectors) {
    for (let i = 0; i < vector.length; i++) sum[i] = (sum[i] as number) + (vector[i] as number);
  }
  return sum;
}

function centralities(vectors: number[][]): number[] {
  const center = centroid(vectors);
  return vectors.map((v) => cosine(v, center));
}

/**
 * Relevance of a sentence: half centrality (how typical it is of the period), half distinctiveness (how much of
 * what sets the period apart it carries), each scaled to a maximum of 1. Centrality alone favours the everyday
 * chatter that fills most periods; distinctiveness alone favours oddities.
 */
function blend(centrality: number[], distinct: number[]): number[] {
  const scale = (values: number[]) => {
    const max = values.reduce((a, b) => Math.max(a, b), 0);
    return values.map((v) => (max > 0 ? v / max : 0));
  };
  const c = scale(centrality);
  const d = scale(distinct);
  return c.map((value, i) => 0.5 * value + 0.5 * (d[i] as number));
}

/**
 * Greedy maximal marginal relevance: each step takes the sentence with the best mix of relevance and
 * novelty (1 - its highest similarity to a sentence already taken). Exact repeats are never taken twice.
 * Ties go to the earlier sentence.
 */
function selectByMmr(
  vectors: number[][],
  relevance: number[],
  candidates: Candidate[],
  count: number,
): Candidate[] {
  const redundancy = vectors.map(() => 0);
  const taken = new Set<string>();
  const chosen: Candidate[] = [];
  while (chosen.length < count) {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    candidates.forEach((candidate, i) => {
      if (taken.has(normalise(candidate.text))) return;
      const score = MMR_LAMBDA * (relevance[i] as number) - (1 - MMR_LAMBDA) * (redundancy[i] as number);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    if (best < 0) break;
    const pick = candidates[best] as Candidate;
    chosen.push(pick);
    taken.add(normalise(pick.text));
    const picked = vectors[best] as number[];
    vectors.forEach((v, i) => {
      redundancy[i] = Math.max(redundancy[i] as number, cosine(v, picked));
    });
  }
  return chosen;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Content words, and pairs of content words that stand next to each other in the original text. */
function terms(text: string): { words: string[]; bigrams: string[] } {
  const words: string[] = [];
  const bigrams: string[] = [];
  let previous: string | null = null;
  for (const token of tokenize(text)) {
    const content = contentTokens(token).length > 0 && !/^\d+$/.test(token);
    if (content) {
      words.push(token);
      if (previous) bigrams.push(`${previous} ${token}`);
    }
    previous = content ? token : null;
  }
  return { words, bigrams };
}

function countInto(counts: Map<string, number>, keys: string[]): void {
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * Class-based TF-IDF weights of this period's terms, highest first, normalised so the top weight is 1.
 * Each period is one class: weight = tf(term, period) * log(1 + average words per class / frequency of the
 * term over this period and the background). Bigrams count only when they occur at least twice here.
 * Numbers are left out: "10" or "2024" rarely name what a period was about.
 */
export function termWeights(texts: string[], background: string[]): Map<string, number> {
  const period = new Map<string, number>();
  const totals = new Map<string, number>();
  let totalWords = 0;
  const periodBigrams = new Map<string, number>();
  for (const text of texts) {
    const { words, bigrams } = terms(text);
    countInto(period, words);
    countInto(periodBigrams, bigrams);
    totalWords += words.length;
  }
  for (const [bigram, count] of periodBigrams) if (count >= 2) period.set(bigram, count);
  for (const [term, count] of period) totals.set(term, count);
  for (const text of background) {
    const { words, bigrams } = terms(text);
    totalWords += words.length;
    for (const key of [...words, ...bigrams]) {
      if (totals.has(key)) totals.set(key, (totals.get(key) as number) + 1);
    }
  }
  const averageWords = totalWords / (1 + background.length);
  const raw = [...period].map(([term, tf]): [string, number] => [
    term,
    tf * Math.log(1 + averageWords / (totals.get(term) as number)),
  ]);
  // On equal weight a phrase goes first: "solar panels" says more than "solar" when the words only occur together.
  raw.sort(
    (a, b) => b[1] - a[1] || wordCount(b[0]) - wordCount(a[0]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
  );
  const top = raw[0]?.[1] ?? 0;
  return new Map(raw.map(([term, w]) => [term, top > 0 ? round(w / top) : 0]));
}

function wordCount(term: string): number {
  return term.split(' ').length;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * 3-7 topics from the weights: best first, skipping a term that shares a word with a better one
 * ("price" after "oil price"), and stopping early once the weights fall well below the top.
 */
export function pickTopics(weights: Map<string, number>): SummaryTopic[] {
  const topics: SummaryTopic[] = [];
  const usedWords = new Set<string>();
  for (const [name, weight] of weights) {
    if (topics.length >= MAX_TOPICS) break;
    if (topics.length >= MIN_TOPICS && weight < TOPIC_CUTOFF) break;
    const words = name.split(' ');
    if (words.some((w) => usedWords.has(w))) continue;
    for (const w of words) usedWords.add(w);
    topics.push({ name, weight });
  }
  return topics;
}

/**
 * How much of what sets the period apart a text carries: the sum of the squared weights of its distinct terms
 * (squared so that a few telling words outweigh many everyday ones), lightly normalised by length so that long
 * texts do not always win.
 */
function distinctiveness(text: string, weights: Map<string, number>): number {
  const { words, bigrams } = terms(text);
  const seen = new Set([...words, ...bigrams]);
  let sum = 0;
  for (const term of seen) sum += (weights.get(term) ?? 0) ** 2;
  return sum / Math.sqrt(Math.max(words.length, 5));
}

/** The verbatim text to quote for an item: all of it when short, else its most distinctive sentence. */
function quotable(item: SummaryItem, weights: Map<string, number>): string {
  const text = item.text.trim();
  if (text.length <= MAX_HIGHLIGHT_CHARS) return text;
  const sentences = splitSentences(text);
  let best = sentences[0] ?? text;
  for (const sentence of sentences) {
    if (distinctiveness(sentence, weights) > distinctiveness(best, weights)) best = sentence;
  }
  return best;
}

export function highlightTarget(itemCount: number): number {
  if (itemCount <= 5) return 2;
  if (itemCount <= 30) return 3;
  return 4;
}

/**
 * 2-4 items with the most distinctive words, quoted verbatim and without repeats. When they all come from one
 * speaker and another speaker has something worth quoting, the weakest pick gives way to that speaker's best.
 */
export function pickHighlights(items: SummaryItem[], weights: Map<string, number>): string[] {
  const ranked = items
    .map((item, index) => ({ item, index, score: distinctiveness(item.text, weights) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const seen = new Set<string>();
  const unique = ranked.filter(({ item }) => {
    const key = normalise(item.text);
    if (key.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const target = highlightTarget(items.length);
  const chosen = unique.slice(0, target);
  const speakers = new Set(chosen.map((c) => c.item.speaker));
  if (chosen.length >= 2 && speakers.size === 1) {
    const other = unique.slice(target).find((c) => !speakers.has(c.item.speaker) && c.score > 0);
    if (other) chosen[chosen.length - 1] = other;
  }
  return [...new Set(chosen.map((c) => quotable(c.item, weights)))];
}

/** Up to five speakers, most messages first, ties by name; counts the items when no counts were given. */
export function rankSpeakers(speakerCounts: Record<string, number>, items: SummaryItem[] = []): string[] {
  let counts = Object.entries(speakerCounts).filter(([, n]) => n > 0);
  if (counts.length === 0) {
    const tally = new Map<string, number>();
    for (const item of items) if (item.speaker) tally.set(item.speaker, (tally.get(item.speaker) ?? 0) + 1);
    counts = [...tally];
  }
  return counts
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, MAX_ACTIVE_USERS)
    .map(([speaker]) => speaker);
}
