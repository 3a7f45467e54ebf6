import { stemmer } from 'stemmer';
import { contentWords } from '../../src/domain/text.js';

/**
 * A plain BM25 over the turns of one conversation (Porter stems, stop words dropped, k1 1.2, b 0.75): the baseline
 * bench:locomo measures Strata against in the same run. Each turn is indexed as "Speaker: text", as the LoCoMo
 * paper's retrievers do.
 */
export class Bm25 {
  private readonly docs: { id: string; tf: Map<string, number>; length: number }[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(
    docs: { id: string; text: string }[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.docs = docs.map(({ id, text }) => {
      const tf = new Map<string, number>();
      const terms = analyse(text);
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return { id, tf, length: terms.length };
    });
    this.avgLength = this.docs.reduce((s, d) => s + d.length, 0) / Math.max(1, this.docs.length);
  }

  /** Ids of the best `k` documents for the query, best first. */
  search(query: string, k: number): string[] {
    const terms = [...new Set(analyse(query))];
    const n = this.docs.length;
    return this.docs
      .map((d) => {
        let score = 0;
        for (const t of terms) {
          const f = d.tf.get(t);
          if (!f) continue;
          const df = this.df.get(t) ?? 0;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          score +=
            (idf * f * (this.k1 + 1)) / (f + this.k1 * (1 - this.b + (this.b * d.length) / this.avgLength));
        }
        return { id: d.id, score };
      })
      .filter((d) => d.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, k)
      .map((d) => d.id);
  }
}

function analyse(text: string): string[] {
  return contentWords(text).map((t) => stemmer(t));
}
