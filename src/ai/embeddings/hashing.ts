import { Embeddings, type EmbeddingsParams } from '@langchain/core/embeddings';
import { contentWords, words as wordsOf } from '../../domain/text.js';

export interface HashingEmbeddingsOptions extends EmbeddingsParams {
  /** Vector size; 384 by default. */
  dimension?: number;
  /** Also hash character n-grams of this length (0 = off); helps with inflections and typos. */
  charNgrams?: number;
}

/**
 * A lexical embedder that needs no model and no network: feature hashing of word unigrams and bigrams
 * (and optionally character n-grams), sublinear term weights (1 + ln tf), signed buckets, L2-normalised.
 * It is deterministic and fast, and it measures word overlap, not meaning: "car" and "automobile" are unrelated to it.
 */
export class HashingEmbeddings extends Embeddings {
  readonly dimension: number;
  readonly charNgrams: number;

  constructor(options: HashingEmbeddingsOptions = {}) {
    super(options);
    this.dimension = options.dimension ?? 384;
    this.charNgrams = options.charNgrams ?? 0;
  }

  async embedDocuments(documents: string[]): Promise<number[][]> {
    return documents.map((d) => this.embedSync(d));
  }

  async embedQuery(document: string): Promise<number[]> {
    return this.embedSync(document);
  }

  /**
   * The same vector as embedQuery, without the promise; for hot loops. `contentWords`, when given and not empty,
   * are the text's content words as `contentWords(text)` cuts them (a caller that has analysed the text already
   * saves cutting it again).
   */
  embedSync(text: string, contentWordsOfText?: readonly string[]): number[] {
    const features = new Map<string, { tf: number; weight: number }>();
    const add = (feature: string, weight: number) => {
      const seen = features.get(feature);
      if (seen) seen.tf += 1;
      else features.set(feature, { tf: 1, weight });
    };
    for (const feature of this.features(text, contentWordsOfText)) add(feature.key, feature.weight);
    const vector = new Float64Array(this.dimension);
    for (const [key, { tf, weight }] of features) {
      const h = fnv1a(key);
      const sign = h & 0x80000000 ? -1 : 1;
      vector[h % this.dimension] += sign * weight * (1 + Math.log(tf));
    }
    let norm = 0;
    for (const v of vector) norm += v * v;
    norm = Math.sqrt(norm);
    return Array.from(vector, (v) => v / norm);
  }

  private *features(text: string, given?: readonly string[]): Generator<{ key: string; weight: number }> {
    let words = given?.length ? given : contentWords(text);
    // A text of stopwords only ("ok, see you then") still deserves a vector; a zero vector breaks cosine search.
    if (words.length === 0) words = wordsOf(text);
    if (words.length === 0) words = [text.trim() || '\u0000'];
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string;
      yield { key: `w:${word}`, weight: 1 };
      if (i > 0) yield { key: `b:${words[i - 1]} ${word}`, weight: 0.5 };
      if (this.charNgrams > 0 && word.length > this.charNgrams) {
        const padded = `<${word}>`;
        for (let j = 0; j + this.charNgrams <= padded.length; j++) {
          yield { key: `c:${padded.slice(j, j + this.charNgrams)}`, weight: 0.25 };
        }
      }
    }
  }
}

/** 32-bit FNV-1a; fast, well spread, and stable across processes and versions (unlike a seeded hash). */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
