import { describe, expect, it } from 'vitest';
import { type EmbeddingParam, toEmbeddingParam } from '../../src/graph/embedding-param.js';

/** What the statements do with a parameter (ingest/write-batch.cypher), written out in JS. */
function rebuilt({ embedding, embeddingValues: values, embeddingZeros: zeros }: EmbeddingParam): number[] {
  if (embedding) return embedding;
  const out: number[] = [];
  (values ?? []).forEach((value, i) => {
    out.push(...new Array<number>(zeros?.[i] ?? 0).fill(0), value);
  });
  out.push(...new Array<number>(zeros?.at(-1) ?? 0).fill(0));
  return out;
}

const sparse = (size: number, at: Record<number, number>) =>
  Array.from({ length: size }, (_, i) => at[i] ?? 0);

describe('toEmbeddingParam', () => {
  it('sends a mostly-zero vector as its values and the runs of zeros around them', () => {
    const vector = sparse(48, { 0: 0.5, 3: -0.25, 47: 0.75 });
    const param = toEmbeddingParam(vector);
    expect(param).toEqual({
      embedding: null,
      embeddingValues: [0.5, -0.25, 0.75],
      embeddingZeros: [0, 2, 43, 0],
    });
    expect(rebuilt(param)).toEqual(vector);
  });

  it('sends a vector with many non-zero values whole', () => {
    const vector = sparse(24, { 1: 0.1, 5: 0.2, 9: 0.3 });
    expect(toEmbeddingParam(vector)).toEqual({
      embedding: vector,
      embeddingValues: null,
      embeddingZeros: null,
    });
  });

  it('takes runs up to one non-zero value in twelve', () => {
    expect(
      toEmbeddingParam(sparse(384, Object.fromEntries(range(32).map((i) => [i * 12, 1])))).embedding,
    ).toBeNull();
    expect(
      toEmbeddingParam(sparse(384, Object.fromEntries(range(33).map((i) => [i * 11, 1])))).embedding,
    ).not.toBeNull();
  });

  it('rebuilds every vector it is given, of any shape', () => {
    const shapes = [
      [],
      [0, 0, 0],
      [1],
      sparse(384, { 383: -1 }),
      sparse(384, { 0: 1, 1: 2, 2: 3 }),
      range(384).map((i) => Math.sin(i)),
    ];
    for (const vector of shapes) expect(rebuilt(toEmbeddingParam(vector))).toEqual(vector);
  });
});

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
