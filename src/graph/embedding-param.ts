/**
 * How an `embedding` vector travels to Neo4j in a statement's row: the fields of EmbeddingParam, spread into the row.
 *
 * A vector sent whole is a list of floats, and packing and unpacking each float costs both sides more than the rest of
 * a memory's row: on a batch of 1000 memories with 384-component vectors, about 100 ms of app CPU and as much of
 * Neo4j's. The hashing embedder's vectors are mostly zeros: a chat message has a dozen or two content words and word
 * pairs, so as many non-zero components of 384 (20 at the median on LoCoMo's turns). Such a vector goes as its
 * non-zero values and the runs of zeros around them, and the statement puts it back together
 * (ingest/write-batch.cypher, rollup/upsert-summaries.cypher).
 *
 * Putting it together costs Neo4j more per non-zero value, so a vector with many goes whole. Measured on batches of
 * 1000 with 384 components: a batch took about three quarters of its time with whole vectors at 7 and at 24
 * non-zero values each, and longer at 48.
 */
export interface EmbeddingParam {
  /** The vector whole; null when it goes as runs. */
  embedding: number[] | null;
  /** The non-zero components in order; null when the vector goes whole. */
  embeddingValues: number[] | null;
  /**
   * The number of zeros before each value, then the number after the last one: one more than there are values.
   * Null when the vector goes whole.
   */
  embeddingZeros: number[] | null;
}

/** A vector goes as runs when at most this share of its components are not zero. */
const RUNS_UP_TO = 1 / 12;

export function toEmbeddingParam(vector: number[]): EmbeddingParam {
  let nonZero = 0;
  for (const x of vector) if (x !== 0) nonZero++;
  if (nonZero > vector.length * RUNS_UP_TO)
    return { embedding: vector, embeddingValues: null, embeddingZeros: null };
  const values: number[] = [];
  const zeros: number[] = [];
  let run = 0;
  for (const x of vector) {
    if (x === 0) {
      run++;
      continue;
    }
    zeros.push(run);
    values.push(x);
    run = 0;
  }
  zeros.push(run);
  return { embedding: null, embeddingValues: values, embeddingZeros: zeros };
}
