// The floor of bench:aggregate: as many nodes as the cycle wrote summaries, with the same texts and vectors,
// and as many relationships as it wrote SUMMARIZES, to the same children, by a bare UNWIND ... CREATE into a
// throwaway label. No reads, no summarizing, no MERGE: what the database needs at the least for the writes.
UNWIND $rows AS row
CREATE (f:BenchFloor {floorRun: $run, id: row.id, text: row.text})
WITH f, row
CALL db.create.setNodeVectorProperty(f, 'embedding', row.embedding)
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
