/**
 * What each vector is made of, in one place: ingest and the cycle embed these texts, and a re-embedding
 * (jobs/reembed.ts) makes the same vectors again from what the graph holds.
 */

/** Keeps the content vector's input within what hosted embedding models take in one text (~8k tokens). */
export const MAX_CONTENT_CHARS = 24_000;

/**
 * A memory's text for its vector. A semantic embedder reads the turn as it is said, "Speaker: text", so that a
 * question naming someone comes closer to what they said (LoCoMo dev, glove: recall@20 0.770 against 0.762 for the
 * text alone). The hashing embedder keeps the text alone: its vectors only break ties between full-text hits.
 */
export function memoryEmbeddedText(semantic: boolean, memory: { speaker: string; text: string }): string {
  return semantic ? `${memory.speaker}: ${memory.text}` : memory.text;
}

/** A period's content, for its content vector: its children's texts in time order, bounded. */
export function contentText(childTexts: readonly string[]): string {
  return childTexts.join('\n').slice(0, MAX_CONTENT_CHARS);
}

/** An era's text for its vector when none of its periods has a content vector. */
export function eraEmbeddedText(theme: string, text: string): string {
  return `${theme}. ${text}`;
}

/** The normalised mean of vectors (an era's, from its periods' content vectors); null when there are none. */
export function meanVector(vectors: readonly (readonly number[])[]): number[] | null {
  if (vectors.length === 0) return null;
  const sum = new Array<number>(vectors[0]?.length ?? 0).fill(0);
  for (const v of vectors) {
    for (let i = 0; i < sum.length; i++) sum[i] += v[i] ?? 0;
  }
  const norm = Math.hypot(...sum);
  return norm > 0 ? sum.map((x) => x / norm) : null;
}
