import { gunzipSync, gzipSync } from 'node:zlib';
import type { WordInfo } from '../../domain/entity-features.js';
import type { TaggerModel } from '../../domain/entity-tagger.js';

/** The kinds the local tagger is trained to find; event and other come from elsewhere (speakers, an LLM). */
const TAGGED_KINDS = ['person', 'place', 'organisation', 'product', 'work'] as const;
export const ENTITY_LABELS: readonly string[] = ['O', ...TAGGED_KINDS.flatMap((k) => [`B-${k}`, `I-${k}`])];

const FORMAT = 'strata-entity-tagger/1';
/** Weights are kept to two decimals: the model file is a third the size and the tags do not change. */
const SCALE = 100;

interface ModelFile {
  format: string;
  /** How it was trained, for the curious. */
  source: string;
  labels: string[];
  /**
   * The lexicon's words, one a line: first the vocabulary, most frequent first (a word's rank is its place here),
   * then the words only the name list holds.
   */
  words: string;
  vocabulary: number;
  fine: number[];
  coarse: number[];
  /** The places in `words` of the words the list of people's names holds. */
  names: number[];
  /** The features, one a line, and their weights: labels.length values a feature, times SCALE. */
  features: string;
  weights: number[];
  transitions: number[];
  /** domain/entity-tagger.ts's outsideBias, chosen when it was trained. */
  outsideBias: number;
  /** How many passes over the data trained it, so a cross-validation can train its folds alike. */
  epochs: number;
}

/** A model as read from its file: the tagger, and how it was trained. */
export type EntityModel = TaggerModel & { source: string; epochs: number };

/** A trained model as gzipped JSON. */
export function encodeEntityModel(model: TaggerModel, meta: { source: string; epochs: number }): Buffer {
  const ranked = [...model.lexicon.entries()].filter(([, info]) => info.rank >= 0);
  ranked.sort((a, b) => a[1].rank - b[1].rank);
  // A word's rank is read back as its place in the list, so the ranks must be 0..n-1.
  if (ranked.some(([, info], i) => info.rank !== i)) throw new Error('lexicon ranks must run 0, 1, 2, ...');
  const words = [...ranked, ...[...model.lexicon.entries()].filter(([, info]) => info.rank < 0)];
  const features = [...model.weights.entries()];
  const file: ModelFile = {
    format: FORMAT,
    source: meta.source,
    labels: [...model.labels],
    words: words.map(([w]) => w).join('\n'),
    vocabulary: ranked.length,
    fine: ranked.map(([, info]) => info.fine),
    coarse: ranked.map(([, info]) => info.coarse),
    names: words.flatMap(([, info], i) => (info.name ? [i] : [])),
    features: features.map(([f]) => f).join('\n'),
    weights: features.flatMap(([, w]) => [...w].map((v) => Math.round(v * SCALE))),
    transitions: [...model.transitions].map((v) => Math.round(v * SCALE) / SCALE),
    outsideBias: model.outsideBias ?? 0,
    epochs: meta.epochs,
  };
  return gzipSync(JSON.stringify(file), { level: 9 });
}

/** The model from encodeEntityModel's bytes; throws on bytes of another format. */
export function decodeEntityModel(bytes: Buffer): EntityModel {
  const file = JSON.parse(gunzipSync(bytes).toString('utf8')) as ModelFile;
  if (file.format !== FORMAT)
    throw new Error(`not an entity model of format ${FORMAT} (found ${file.format})`);
  const L = file.labels.length;
  const lexicon = new Map<string, WordInfo>();
  const names = new Set(file.names);
  file.words.split('\n').forEach((word, i) => {
    const ranked = i < file.vocabulary;
    lexicon.set(word, {
      rank: ranked ? i : -1,
      fine: ranked ? (file.fine[i] as number) : -1,
      coarse: ranked ? (file.coarse[i] as number) : -1,
      ...(names.has(i) ? { name: true } : {}),
    });
  });
  const weights = new Map<string, Float32Array>();
  file.features.split('\n').forEach((feature, i) => {
    weights.set(
      feature,
      Float32Array.from(file.weights.slice(i * L, i * L + L), (v) => v / SCALE),
    );
  });
  return {
    labels: file.labels,
    lexicon,
    weights,
    transitions: Float32Array.from(file.transitions),
    outsideBias: file.outsideBias,
    source: file.source,
    epochs: file.epochs,
  };
}
