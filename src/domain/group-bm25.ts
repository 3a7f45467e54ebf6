import { idf } from './term-evidence.js';
import type { TermFrequencies } from './term-keys.js';

/**
 * A memory hit's BM25 from its group's statistics alone. Lucene's score of a hit divided by the term's best score in
 * the group (recall/lexical-search.cypher) cancels the index's idf, but not its length normalisation: Lucene
 * normalises a text's term frequency by the average length of every text in the index, every group's. A group of
 * short chat lines beside groups of long assistant answers had its turns ranked as if they were all short, and its
 * ranking moved whenever another group's data came or went. Here a memory's term frequency is normalised by its own
 * group's average length (domain/term-keys.ts LENGTH_KEY), as Lucene would in an index that held the group alone.
 */

/** Lucene's BM25 defaults, which Neo4j's full-text indexes use. */
const K1 = 1.2;
const B = 0.75;

export interface GroupStatistics {
  /** The group's memory count. */
  memories: number;
  /** The average length of its memories' texts, in words the index keeps. */
  averageLength: number;
  /** Per query term, how many of the group's memories hold it. */
  termMemories: ReadonlyMap<string, number>;
}

/** BM25's term-frequency part for `tf` occurrences in a text of `length` words. */
export function frequencyPart(tf: number, length: number, averageLength: number): number {
  if (tf <= 0) return 0;
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength));
}

/**
 * Each hit's BM25 in the shape recall ranks by (domain/term-evidence.ts LexicalHit.bm25): per query term held, its
 * frequency part over the term's best among the hits, times its idf in the group, summed. The text and the speaker
 * field count apart, as the index's two fields do: a speaker's name is a word or two in every memory, so holding the
 * term there counts as one occurrence in a text of average length, 1. The best among the hits stands for the best
 * in the group: the hits are the texts the group ranks highest on these terms.
 */
export function groupBm25(hits: readonly TermFrequencies[], group: GroupStatistics): number[] {
  const parts = hits.map((hit) => {
    const byTerm = new Map<string, number>();
    for (const [term, tf] of hit.inText) byTerm.set(term, frequencyPart(tf, hit.length, group.averageLength));
    for (const term of hit.bySpeaker) byTerm.set(term, (byTerm.get(term) ?? 0) + 1);
    return byTerm;
  });
  const best = new Map<string, number>();
  for (const byTerm of parts) {
    for (const [term, part] of byTerm) best.set(term, Math.max(best.get(term) ?? 0, part));
  }
  // Per term, its idf over its best: what one unit of its frequency part is worth.
  const weight = new Map<string, number>();
  for (const [term, top] of best)
    weight.set(term, idf(group.memories, group.termMemories.get(term) ?? 0) / top);
  return parts.map((byTerm) => {
    let score = 0;
    for (const [term, part] of byTerm) score += part * (weight.get(term) as number);
    return score;
  });
}
