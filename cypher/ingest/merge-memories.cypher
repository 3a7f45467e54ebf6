// One batch of memories. MERGE on the group and the id (unique together) makes a repeated batch a no-op; the batch
// token tells which rows this request created. New memories are pending for both roll-ups (session and day) until
// a summary covers them. `ingestedAt` starts the retention clock of the original (KEEP_ORIGINAL_DAYS).
UNWIND $memories AS row
MERGE (m:Memory {groupId: $groupId, id: row.id})
ON CREATE SET
  m.text = row.text,
  m.speaker = row.speaker,
  m.ts = datetime(row.ts),
  m.sessionId = row.sessionId,
  m.meta = row.meta,
  m.ingestedAt = datetime(),
  m.ingestBatch = $batchId,
  m.sessionPending = true,
  m.dayPending = true
RETURN m.id AS id, m.ingestBatch = $batchId AS created
