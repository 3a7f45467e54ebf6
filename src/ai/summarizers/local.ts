import { pickTopics, speakerNameWords, type TopicModel, topicModel } from '../../domain/period-topics.js';
import { PLAIN_RULES, phraseOccurrences, TOPIC_RULES, type TopicRules } from '../../domain/phrases.js';
import { type AnalysedSentence, type AnalysedText, analyse, isWordToken } from '../../domain/text.js';
import type { SummarizeRequest, Summarizer, SummaryDraft, SummaryItem } from './types.js';

/**
 * An extractive summarizer that needs no model and no network, and gives the same draft for the same input.
 *
 * - text: 2-5 sentences quoted verbatim from the items, each after its speaker's name ("Caroline: ...") when the
 *   item has a speaker, so the reader knows who said it (a full stop is added to one that has no closing
 *   punctuation), picked for relevance (centrality, the cosine to the centroid of all sentence vectors, blended
 *   with the topic weight a sentence carries) with maximal marginal relevance against those already picked,
 *   then put back in time order. When the input holds fewer usable sentences than that (one short message,
 *   say), all of them are used, so the text may be one sentence.
 * - topics: noun phrases and named entities (winkNLP), weighted by class-based TF-IDF of this period against the
 *   group's other periods (`background`); speakers' names, general nouns ("thing", "people", "time") and the media
 *   of a shared picture are not topics, a picture's caption counts half, and a phrase said once is one only to
 *   make up the minimum (`TOPIC_RULES`).
 * - highlights: the items (or, for long items, their best sentence) that carry the most topic weight.
 * - activeUsers: the top speakers by message count.
 */
export interface SyncEmbedder {
  /** `contentWords`: the text's content words, when the caller has them already. */
  embedSync(text: string, contentWords?: readonly string[]): number[];
}

const MMR_LAMBDA = 0.7;
const MIN_CONTENT_WORDS = 3;
/** Items longer than this are quoted by their best sentence rather than whole. */
const MAX_HIGHLIGHT_CHARS = 280;
const MAX_ACTIVE_USERS = 5;

interface Candidate {
  text: string;
  sentence: AnalysedSentence;
  item: number;
  position: number;
}

export class LocalExtractiveSummarizer implements Summarizer {
  // @4: general nouns, media and units of time are not topics, captions count half. @3: each quoted sentence names
  // its speaker. @2: topics are noun phrases and names found by winkNLP (@1 counted word unigrams and bigrams).
  readonly name: string;

  /** `rules`: how topics are found; PLAIN_RULES gives @3's topics, for comparing the two. */
  constructor(
    private readonly embedder: SyncEmbedder,
    private readonly rules: TopicRules = TOPIC_RULES,
  ) {
    this.name = rules === PLAIN_RULES ? 'local-extractive@3' : 'local-extractive@4';
  }

  async summarize(request: SummarizeRequest): Promise<SummaryDraft> {
    const analysed = request.items.map((i) => analyse(i.text));
    const names = speakerNameWords([
      ...Object.keys(request.speakerCounts),
      ...request.items.map((i) => i.speaker),
    ]);
    const model = topicModel(analysed, request.background, names, this.rules);
    return {
      text: this.summaryText(request.items, analysed, model),
      topics: pickTopics(model),
      highlights: pickHighlights(request.items, analysed, model),
      activeUsers: rankSpeakers(request.speakerCounts, request.items),
      summarizer: this.name,
    };
  }

  private summaryText(items: SummaryItem[], analysed: AnalysedText[], model: TopicModel): string {
    const candidates = candidateSentences(analysed);
    const count = Math.min(sentenceTarget(items.length), candidates.length);
    const vectors = candidates.map((c) =>
      sentenceVector(this.embedder.embedSync(c.text, sentenceContentWords(c.sentence))),
    );
    const relevance = blend(
      centralities(vectors),
      candidates.map((c) => sentenceDistinctiveness(c.sentence, model)),
    );
    return selectByMmr(vectors, relevance, candidates, count)
      .sort((a, b) => a.position - b.position)
      .map((c) => attributed(items[c.item]?.speaker, closeSentence(c.text)))
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

/** "Speaker: sentence", unless the item has no speaker (a child summary, whose sentences name theirs already). */
function attributed(speaker: string | undefined, sentence: string): string {
  const name = speaker?.trim();
  return name && !sentence.startsWith(`${name}:`) ? `${name}: ${sentence}` : sentence;
}

/** 2 sentences for a handful of items, growing slowly to 5 for large periods. */
export function sentenceTarget(itemCount: number): number {
  if (itemCount <= 5) return 2;
  if (itemCount <= 15) return 3;
  if (itemCount <= 60) return 4;
  return 5;
}

/** Every sentence of every item, in time order; fragments too short to say much are left out if anything else remains. */
function candidateSentences(analysed: AnalysedText[]): Candidate[] {
  const all: Candidate[] = [];
  analysed.forEach((item, index) => {
    for (const sentence of item.sentences) {
      all.push({ text: sentence.text, sentence, item: index, position: all.length });
    }
  });
  const substantial = all.filter((c) => sentenceContentWords(c.sentence).length >= MIN_CONTENT_WORDS);
  return substantial.length > 0 ? substantial : all;
}

/** As `contentWords` cuts the sentence's text, from the analysis at hand. */
function sentenceContentWords(sentence: AnalysedSentence): string[] {
  return sentence.tokens.filter((t) => isWordToken(t) && !t.stop && t.normal.length > 1).map((t) => t.normal);
}

/**
 * A sentence vector with what the cosines need of it kept beside it: the indices of its non-zero components, in
 * order, and its squared norm. The hashing vectors have a few dozen non-zero components out of hundreds; a dot
 * product over the non-zero components of one side adds the same non-zero products in the same order as one over
 * every component (the products it leaves out are zeros, which leave a sum unchanged), so every cosine, and so
 * every pick, is the same to the last bit, for a fraction of the work.
 */
interface SentenceVector {
  values: number[];
  nonZero: number[];
  squaredNorm: number;
}

function sentenceVector(values: number[]): SentenceVector {
  const nonZero: number[] = [];
  for (let i = 0; i < values.length; i++) if ((values[i] as number) !== 0) nonZero.push(i);
  const vector = { values, nonZero, squaredNorm: 0 };
  vector.squaredNorm = dot(vector, values);
  return vector;
}

/** The dot product of a sparse vector with any vector of its size, summed in index order. */
function dot(a: SentenceVector, b: number[]): number {
  let sum = 0;
  for (const i of a.nonZero) sum += (a.values[i] as number) * (b[i] as number);
  return sum;
}

function cosineOf(product: number, squaredNormA: number, squaredNormB: number): number {
  const denominator = Math.sqrt(squaredNormA * squaredNormB);
  return denominator > 0 ? product / denominator : 0;
}

function cosine(a: SentenceVector, b: SentenceVector): number {
  const product = a.nonZero.length <= b.nonZero.length ? dot(a, b.values) : dot(b, a.values);
  return cosineOf(product, a.squaredNorm, b.squaredNorm);
}

function centroid(vectors: SentenceVector[]): number[] {
  const sum = new Array<number>(vectors[0]?.values.length ?? 0).fill(0);
  for (const vector of vectors) {
    for (const i of vector.nonZero) sum[i] = (sum[i] as number) + (vector.values[i] as number);
  }
  return sum;
}

function centralities(vectors: SentenceVector[]): number[] {
  const center = centroid(vectors);
  let centerNorm = 0;
  for (const v of center) centerNorm += v * v;
  return vectors.map((v) => cosineOf(dot(v, center), v.squaredNorm, centerNorm));
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
  vectors: SentenceVector[],
  relevance: number[],
  candidates: Candidate[],
  count: number,
): Candidate[] {
  const redundancy = vectors.map(() => 0);
  const keys = candidates.map((c) => normalise(c.text));
  const taken = new Set<string>();
  const chosen: Candidate[] = [];
  while (chosen.length < count) {
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    candidates.forEach((_, i) => {
      if (taken.has(keys[i] as string)) return;
      const score = MMR_LAMBDA * (relevance[i] as number) - (1 - MMR_LAMBDA) * (redundancy[i] as number);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    });
    if (best < 0) break;
    const pick = candidates[best] as Candidate;
    chosen.push(pick);
    taken.add(keys[best] as string);
    const picked = vectors[best] as SentenceVector;
    vectors.forEach((v, i) => {
      redundancy[i] = Math.max(redundancy[i] as number, cosine(v, picked));
    });
  }
  return chosen;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * How much of what sets the period apart a sentence carries: the sum of the squared weights of its distinct
 * phrases (squared so that a few telling ones outweigh many everyday ones), lightly normalised by length so
 * that long sentences do not always win.
 */
function distinctiveness(text: AnalysedText, model: TopicModel): number {
  const keys = new Set(phraseOccurrences(text, model.names, model.rules).map((p) => p.key));
  let sum = 0;
  for (const key of keys) sum += (model.weights.get(key) ?? 0) ** 2;
  const words = text.sentences.reduce((n, s) => n + s.tokens.filter(isWordToken).length, 0);
  return sum / Math.sqrt(Math.max(words, 5));
}

function sentenceDistinctiveness(sentence: AnalysedSentence, model: TopicModel): number {
  return distinctiveness({ sentences: [sentence] }, model);
}

/** The verbatim text to quote for an item: all of it when short, else its most distinctive sentence. */
function quotable(item: SummaryItem, analysed: AnalysedText, model: TopicModel): string {
  const text = item.text.trim();
  if (text.length <= MAX_HIGHLIGHT_CHARS) return text;
  let best = analysed.sentences[0];
  for (const sentence of analysed.sentences) {
    if (best && sentenceDistinctiveness(sentence, model) > sentenceDistinctiveness(best, model))
      best = sentence;
  }
  return best?.text ?? text;
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
function pickHighlights(items: SummaryItem[], analysed: AnalysedText[], model: TopicModel): string[] {
  const ranked = items
    .map((item, index) => ({ item, index, score: distinctiveness(analysed[index] as AnalysedText, model) }))
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
  return [...new Set(chosen.map((c) => quotable(c.item, analysed[c.index] as AnalysedText, model)))];
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
