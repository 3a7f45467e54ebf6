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
    // Term counts by feature, in the order features first occur: the vector is summed in that order. A feature's
    // weight follows from its kind (the first letter of its key), so only the count is kept.
    const counts = new Map<string, number>();
    const add = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
    const words = this.featureWords(text, contentWordsOfText);
    for (let i = 0; i < words.length; i++) {
      const word = words[i] as string;
      add(`w:${word}`);
      if (i > 0) add(`b:${words[i - 1]} ${word}`);
      if (this.charNgrams > 0 && word.length > this.charNgrams) {
        const padded = `<${word}>`;
        for (let j = 0; j + this.charNgrams <= padded.length; j++)
          add(`c:${padded.slice(j, j + this.charNgrams)}`);
      }
    }
    const vector = new Float64Array(this.dimension);
    for (const [key, tf] of counts) {
      const h = fnv1a(key);
      const sign = h & 0x80000000 ? -1 : 1;
      vector[h % this.dimension] += sign * featureWeight(key) * (1 + Math.log(tf));
    }
    let norm = 0;
    for (const v of vector) norm += v * v;
    norm = Math.sqrt(norm);
    const out: number[] = [];
    for (const v of vector) out.push(v / norm);
    return out;
  }

  private featureWords(text: string, given?: readonly string[]): readonly string[] {
    let words = given?.length ? given : contentWords(text);
    // A text of stopwords only ("ok, see you then") still deserves a vector; a zero vector breaks cosine search.
    if (words.length === 0) words = wordsOf(text);
    if (words.length === 0) words = [text.trim() || '\u0000'];
    return words;
  }
}

/** Words weigh 1, word bigrams 0.5, character n-grams 0.25. */
function featureWeight(key: string): number {
  const kind = key.charCodeAt(0);
  return kind === 119 /* w */ ? 1 : kind === 98 /* b */ ? 0.5 : 0.25;
}

/** 32-bit FNV-1a; fast, well spread, and stable across processes and versions (unlike a seeded hash). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
