import type { Token } from './entities.js';
import {
  caseFeatures,
  caseParts,
  type Lexicon,
  neighbourFeatures,
  OFFSETS,
  ownFeatures,
  pairFeatures,
  textView,
} from './entity-features.js';

/**
 * A linear sequence tagger over BIO labels: each token's label scores the sum of its features' weights for that
 * label plus the weight of going from the previous label to it, and Viterbi finds the best labelling. An I- label
 * may only follow a B- or I- of its kind. Trained as an averaged perceptron (domain/entity-training.ts).
 */
export interface TaggerModel {
  /** "O", then "B-<kind>" and "I-<kind>". */
  labels: readonly string[];
  /** Each feature's weight for each label. */
  weights: ReadonlyMap<string, Float32Array>;
  /** (labels + 1) rows of labels.length: row r is the previous label, the last row the start of the text. */
  transitions: Float32Array;
  lexicon: Lexicon;
  /**
   * Subtracted from every token's score for O at tagging time (not in training). A perceptron trained on text where
   * most tokens are O is shy of entities; a positive bias trades some precision for more recall.
   */
  outsideBias?: number;
}

/** Which label pairs may follow each other: allowed[prev * L + cur], prev = L for the start. */
export function allowedTransitions(labels: readonly string[]): Uint8Array {
  const L = labels.length;
  const allowed = new Uint8Array((L + 1) * L);
  for (let prev = 0; prev <= L; prev++) {
    for (let cur = 0; cur < L; cur++) {
      const label = labels[cur] as string;
      const before = prev < L ? (labels[prev] as string) : 'O';
      allowed[prev * L + cur] = !label.startsWith('I-') || before.slice(2) === label.slice(2) ? 1 : 0;
    }
  }
  return allowed;
}

/** Each token's score for each label from its features: scores[i * L + label]. */
export function emissionScores(
  features: readonly (readonly string[])[],
  weights: ReadonlyMap<string, ArrayLike<number>>,
  L: number,
): Float64Array {
  const scores = new Float64Array(features.length * L);
  features.forEach((list, i) => {
    for (const feature of list) {
      const w = weights.get(feature);
      if (!w) continue;
      for (let l = 0; l < L; l++) scores[i * L + l] += w[l] as number;
    }
  });
  return scores;
}

/** The best label index of each token under the emission and transition scores. */
export function viterbi(
  scores: Float64Array,
  n: number,
  transitions: ArrayLike<number>,
  allowed: Uint8Array,
  L: number,
): number[] {
  if (n === 0) return [];
  const best = new Float64Array(n * L).fill(Number.NEGATIVE_INFINITY);
  const back = new Int32Array(n * L);
  for (let cur = 0; cur < L; cur++) {
    if (allowed[L * L + cur]) best[cur] = (scores[cur] as number) + (transitions[L * L + cur] as number);
  }
  for (let i = 1; i < n; i++) {
    for (let cur = 0; cur < L; cur++) {
      let top = Number.NEGATIVE_INFINITY;
      let arg = 0;
      for (let prev = 0; prev < L; prev++) {
        if (!allowed[prev * L + cur]) continue;
        const s = (best[(i - 1) * L + prev] as number) + (transitions[prev * L + cur] as number);
        if (s > top) {
          top = s;
          arg = prev;
        }
      }
      best[i * L + cur] = top + (scores[i * L + cur] as number);
      back[i * L + cur] = arg;
    }
  }
  let last = 0;
  for (let cur = 1; cur < L; cur++) {
    if ((best[(n - 1) * L + cur] as number) > (best[(n - 1) * L + last] as number)) last = cur;
  }
  const path = new Array<number>(n);
  path[n - 1] = last;
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i * L + (path[i] as number)] as number;
  return path;
}

/** The BIO label of each token. */
export function tagTokens(model: TaggerModel, tokens: readonly Token[]): string[] {
  const L = model.labels.length;
  const scores = fastEmissionScores(model, tokens);
  const bias = model.outsideBias ?? 0;
  if (bias !== 0) for (let i = 0; i < tokens.length; i++) scores[i * L] -= bias;
  const path = viterbi(scores, tokens.length, model.transitions, allowedFor(model.labels), L);
  return path.map((l) => model.labels[l] as string);
}

/**
 * Past this many cached words a model's cache starts again, so a stream of new words cannot grow it for ever;
 * a word's sums take about 300 bytes, so the cache stays under 20 MB.
 */
const CACHE_LIMIT = 50_000;

/**
 * A word's summed weights, L values each: first as the token itself, then as each neighbour of a token, in OFFSETS'
 * order. Float32, as the weights are.
 */
type WordSums = Float32Array;
const sumCaches = new WeakMap<
  TaggerModel,
  { words: Map<string, WordSums>; cases: Map<string, Float32Array> }
>();

/**
 * emissionScores(tokenFeatures(tokens)) without building most of the feature strings: a word's own features, and
 * those it lends a neighbour at each offset, are the same wherever it stands, so their weights are summed once per
 * word and kept; so are the case features, which take few values. Only the word pairs are looked up per token.
 */
export function fastEmissionScores(model: TaggerModel, tokens: readonly Token[]): Float64Array {
  const L = model.labels.length;
  let cache = sumCaches.get(model);
  if (!cache || cache.words.size > CACHE_LIMIT) {
    cache = { words: new Map(), cases: new Map() };
    sumCaches.set(model, cache);
  }
  const { words: wordCache, cases: caseCache } = cache;
  const sumInto = (total: Float32Array, at: number, features: string[]) => {
    for (const feature of features) {
      const w = model.weights.get(feature);
      if (w) for (let l = 0; l < L; l++) total[at + l] += w[l] as number;
    }
    return total;
  };
  const sumsOf = (word: string | undefined, key: string): WordSums => {
    let sums = wordCache.get(key);
    if (!sums) {
      sums = new Float32Array(L * (1 + OFFSETS.length));
      if (word !== undefined) sumInto(sums, 0, ownFeatures(word, model.lexicon));
      OFFSETS.forEach((o, k) => {
        sumInto(sums as WordSums, L * (k + 1), neighbourFeatures(word, o, model.lexicon));
      });
      wordCache.set(key, sums);
    }
    return sums;
  };
  const view = textView(tokens, model.lexicon);
  const n = tokens.length;
  // Tokens are never empty, so the empty key can stand for beyond the text's edge.
  const sums = view.words.map((word) => sumsOf(word, word));
  const edge = sumsOf(undefined, '');
  const scores = new Float64Array(n * L);
  for (let i = 0; i < n; i++) {
    const row = i * L;
    const own = sums[i] as WordSums;
    for (let l = 0; l < L; l++) scores[row + l] = own[l] as number;
    for (let k = 0; k < OFFSETS.length; k++) {
      const lent = sums[i + (OFFSETS[k] as number)] ?? edge;
      const at = L * (k + 1);
      for (let l = 0; l < L; l++) scores[row + l] += lent[at + l] as number;
    }
    const parts = caseParts(view, i);
    let caseSum = caseCache.get(parts.key);
    if (!caseSum) {
      caseSum = sumInto(new Float32Array(L), 0, caseFeatures(parts));
      caseCache.set(parts.key, caseSum);
    }
    for (let l = 0; l < L; l++) scores[row + l] += caseSum[l] as number;
    for (const feature of pairFeatures(view, i)) {
      const w = model.weights.get(feature);
      if (w) for (let l = 0; l < L; l++) scores[row + l] += w[l] as number;
    }
  }
  return scores;
}

const allowedCache = new WeakMap<readonly string[], Uint8Array>();
function allowedFor(labels: readonly string[]): Uint8Array {
  let allowed = allowedCache.get(labels);
  if (!allowed) {
    allowed = allowedTransitions(labels);
    allowedCache.set(labels, allowed);
  }
  return allowed;
}
