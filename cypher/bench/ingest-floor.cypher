// The floor of bench:ingest: the same rows with the same vectors, written by a bare UNWIND ... CREATE into a
// throwaway label (no constraint, index, MERGE or group node). What the database needs at the least for the batch.
// Vectors come as ingest/write-batch takes them: whole, or as runs of zeros and values (graph/embedding-param.ts).
WITH [x IN range(1, toInteger($dimension)) | 0.0] AS zeros
UNWIND $rows AS row
CREATE (m:BenchFloor {
  floorRun: $run,
  id: row.id,
  text: row.text,
  speaker: row.speaker,
  ts: datetime(row.ts),
  sessionId: row.sessionId,
  meta: row.meta
})
WITH m, row, zeros
CALL db.create.setNodeVectorProperty(m, 'embedding', CASE
  WHEN row.embedding IS NOT NULL THEN row.embedding
  ELSE reduce(v = [], i IN range(0, size(row.embeddingValues) - 1) |
    v + zeros[..row.embeddingZeros[i]] + row.embeddingValues[i]) + zeros[..last(row.embeddingZeros)]
END)
RETURN count(m) AS written
