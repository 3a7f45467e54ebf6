import type { Token } from './entities.js';
import { type Lexicon, tokenFeatures } from './entity-features.js';
import { allowedTransitions, emissionScores, viterbi } from './entity-tagger.js';
import { mulberry32 } from './random.js';

/** A tokenised text with the gold BIO label of each token. */
export interface LabelledText {
  tokens: Token[];
  labels: string[];
}

export interface TrainingOptions {
  epochs: number;
  /** Seeds the order the texts are seen in each epoch. */
  seed: number;
  /** Features seen fewer times than this in the training texts get no weight (a smaller model, less overfit). */
  minCount?: number;
}

export interface TrainedWeights {
  weights: Map<string, Float32Array>;
  transitions: Float32Array;
}

/**
 * An averaged structured perceptron: each text is labelled with Viterbi under the current weights, and where that
 * differs from the gold labels the gold path's features gain and the predicted path's lose. The weights returned
 * are the average over every step, which generalises far better than the last ones.
 */
export function trainTagger(
  texts: readonly LabelledText[],
  labels: readonly string[],
  lexicon: Lexicon,
  options: TrainingOptions,
): TrainedWeights {
  const L = labels.length;
  const index = new Map(labels.map((l, i) => [l, i]));
  const allowed = allowedTransitions(labels);
  const prepared = texts.map((t) => ({
    features: tokenFeatures(t.tokens, lexicon),
    gold: t.labels.map((l) => {
      const i = index.get(l);
      if (i === undefined) throw new Error(`unknown label ${l}`);
      return i;
    }),
  }));
  const counts = new Map<string, number>();
  for (const p of prepared)
    for (const list of p.features) for (const f of list) counts.set(f, (counts.get(f) ?? 0) + 1);
  const minCount = options.minCount ?? 1;

  const weights = new Map<string, Float64Array>();
  const totals = new Map<string, Float64Array>();
  const transitions = new Float64Array((L + 1) * L);
  const transitionTotals = new Float64Array((L + 1) * L);
  let step = 1;
  const update = (feature: string, label: number, delta: number) => {
    if ((counts.get(feature) ?? 0) < minCount) return;
    let w = weights.get(feature);
    let t = totals.get(feature);
    if (!w || !t) {
      w = new Float64Array(L);
      t = new Float64Array(L);
      weights.set(feature, w);
      totals.set(feature, t);
    }
    w[label] = (w[label] as number) + delta;
    t[label] = (t[label] as number) + step * delta;
  };

  const random = mulberry32(options.seed);
  const order = prepared.map((_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const k of order) {
      const { features, gold } = prepared[k] as (typeof prepared)[number];
      const scores = emissionScores(features, weights, L);
      const guess = viterbi(scores, gold.length, transitions, allowed, L);
      if (guess.some((g, i) => g !== gold[i])) {
        let prevGold = L;
        let prevGuess = L;
        gold.forEach((g, i) => {
          const p = guess[i] as number;
          if (g !== p) {
            for (const f of features[i] as string[]) {
              update(f, g, 1);
              update(f, p, -1);
            }
          }
          if (g !== p || prevGold !== prevGuess) {
            transitions[prevGold * L + g] += 1;
            transitionTotals[prevGold * L + g] += step;
            transitions[prevGuess * L + p] -= 1;
            transitionTotals[prevGuess * L + p] -= step;
          }
          prevGold = g;
          prevGuess = p;
        });
      }
      step += 1;
    }
  }

  const averaged = new Map<string, Float32Array>();
  for (const [feature, w] of weights) {
    const t = totals.get(feature) as Float64Array;
    const avg = new Float32Array(L);
    let any = false;
    for (let l = 0; l < L; l++) {
      avg[l] = (w[l] as number) - (t[l] as number) / step;
      if (Math.abs(avg[l] as number) > 1e-3) any = true;
    }
    if (any) averaged.set(feature, avg);
  }
  const avgTransitions = new Float32Array((L + 1) * L);
  for (let i = 0; i < avgTransitions.length; i++) {
    avgTransitions[i] = (transitions[i] as number) - (transitionTotals[i] as number) / step;
  }
  return { weights: averaged, transitions: avgTransitions };
}
