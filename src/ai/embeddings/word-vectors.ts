import { Embeddings, type EmbeddingsParams } from '@langchain/core/embeddings';
import { contentWords, words as wordsOf } from '../../domain/text.js';
import { fnv1a } from './hashing.js';
import type { WordTable } from './word-table.js';

/** Dimensions after the word vectors' own that hold the words the table does not know, hashed. */
export const UNKNOWN_WORD_DIMENSIONS = 28;

/**
 * Smooth inverse frequency (Arora, Liang and Ma, ICLR 2017): a word weighs a / (a + p(word)), so "the" counts for
 * little and a rare word for nearly 1. The table holds no counts, only frequency ranks; p is read off Zipf's law,
 * p(rank) = 1 / ((rank + 1) * H), H the harmonic number of the source vocabulary.
 */
const SIF_A = 1e-3;

/**
 * A semantic embedder that runs locally and deterministically: each text is the SIF-weighted sum of its words' GloVe
 * vectors (unit length, the vocabulary's common direction taken out), so "car" and "automobile" come close, which
 * hashing cannot do. Words the table does not know (names, rare terms, typos) are hashed into dimensions of their
 * own, weighing as a rare word does: two texts naming the same stranger still match on it.
 */
export class WordVectorEmbeddings extends Embeddings {
  readonly dimension: number;
  private readonly dims: number;
  /** Row r's int8 values times factors[r] give its weighted unit vector. */
  private readonly factors: Float32Array;
  private readonly weights: Float32Array;
  /** The mean unit vector of the vocabulary, taken out of every word in proportion to its weight. */
  private readonly common: Float64Array;

  constructor(
    private readonly table: WordTable,
    params: EmbeddingsParams = {},
  ) {
    super(params);
    const rows = table.rows.size;
    this.dims = table.dimensions;
    this.dimension = table.dimensions + UNKNOWN_WORD_DIMENSIONS;
    this.factors = new Float32Array(rows);
    this.weights = new Float32Array(rows);
    this.common = new Float64Array(this.dims);
    const harmonic = Math.log(Math.max(table.sourceWords, rows)) + 0.5772;
    for (let row = 0; row < rows; row++) {
      let norm = 0;
      for (let d = 0; d < this.dims; d++) norm += (table.data[row * this.dims + d] as number) ** 2;
      norm = Math.sqrt(norm);
      const unit = norm > 0 ? 1 / norm : 0;
      const p = 1 / ((row + 1) * harmonic);
      const weight = SIF_A / (SIF_A + p);
      this.weights[row] = weight;
      this.factors[row] = weight * unit;
      for (let d = 0; d < this.dims; d++)
        this.common[d] += ((table.data[row * this.dims + d] as number) * unit) / rows;
    }
  }

  async embedDocuments(documents: string[]): Promise<number[][]> {
    return documents.map((d) => this.embedSync(d));
  }

  async embedQuery(document: string): Promise<number[]> {
    return this.embedSync(document);
  }

  embedSync(text: string): number[] {
    const vector = new Float64Array(this.dimension);
    let known = 0;
    const words = wordsOf(text);
    const content = new Set(contentWords(text));
    for (const word of words) {
      const row = this.table.rows.get(word);
      if (row === undefined) {
        // The table lacks some function words ("a", "i", "i'm"): they say nothing, and hashed they would only add
        // a direction most texts share.
        if (!content.has(word)) continue;
        const h = fnv1a(word);
        vector[this.dims + (h % UNKNOWN_WORD_DIMENSIONS)] += h & 0x80000000 ? -1 : 1;
        continue;
      }
      const factor = this.factors[row] as number;
      const at = row * this.dims;
      for (let d = 0; d < this.dims; d++) vector[d] += factor * (this.table.data[at + d] as number);
      known += this.weights[row] as number;
    }
    for (let d = 0; d < this.dims; d++) vector[d] -= known * (this.common[d] as number);
    let norm = 0;
    for (const v of vector) norm += v * v;
    // A text with no words at all ("👍") still needs a vector that cosine search can read: one fixed direction.
    if (norm === 0) {
      vector[this.dimension - 1] = 1;
      norm = 1;
    }
    norm = Math.sqrt(norm);
    return Array.from(vector, (v) => v / norm);
  }
}
