// The floor of bench:ingest: the same rows with the same vectors, written by a bare UNWIND ... CREATE into a
// throwaway label (no constraint, index, MERGE or group node). What the database needs at the least for the batch.
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
WITH m, row
CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
RETURN count(m) AS written
