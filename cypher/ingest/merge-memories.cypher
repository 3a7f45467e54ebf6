// One batch of memories. MERGE on the id makes a repeated batch a no-op; the batch token tells which rows this
// request created. New memories are pending for both roll-ups (session and day) until a summary covers them.
UNWIND $memories AS row
MERGE (m:Memory {id: row.id})
ON CREATE SET
  m.groupId = row.groupId,
  m.text = row.text,
  m.speaker = row.speaker,
  m.ts = datetime(row.ts),
  m.sessionId = row.sessionId,
  m.meta = row.meta,
  m.ingestedAt = datetime(),
  m.ingestBatch = $batchId,
  m.sessionPending = true,
  m.dayPending = true
RETURN m.id AS id, m.groupId AS groupId, m.ingestBatch = $batchId AS created
