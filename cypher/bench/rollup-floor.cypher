// The floor of bench:aggregate: as many nodes as the cycle wrote summaries, with the same texts and vectors,
// and as many relationships as it wrote SUMMARIZES, to the same children, by a bare UNWIND ... CREATE into a
// throwaway label. No reads, no summarizing, no MERGE: what the database needs at the least for the writes.
// The text's vector comes as rollup/upsert-summaries takes it: whole, or as runs of zeros and values
// (graph/embedding-param.ts).
WITH [x IN range(1, toInteger($dimension)) | 0.0] AS zeros
UNWIND $rows AS row
CREATE (f:BenchFloor {floorRun: $run, id: row.id, text: row.text})
WITH f, row, zeros
CALL db.create.setNodeVectorProperty(f, 'embedding', CASE
  WHEN row.embedding IS NOT NULL THEN row.embedding
  ELSE reduce(v = [], i IN range(0, size(row.embeddingValues) - 1) |
    v + zeros[..row.embeddingZeros[i]] + row.embeddingValues[i]) + zeros[..last(row.embeddingZeros)]
END)
CALL (f, row) {
  WITH f, row
  WHERE row.contentEmbedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(f, 'contentEmbedding', row.contentEmbedding)
}
WITH f, row
UNWIND row.children AS child
MATCH (c)
WHERE elementId(c) = child
CREATE (f)-[:BENCH_FLOOR]->(c)
RETURN count(*) AS linked
