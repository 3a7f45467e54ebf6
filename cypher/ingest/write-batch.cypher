// One part of a batch of memories (graph/memories.ts writeBatch sends a batch as one or several parts, one
// statement each, in one transaction). First the group's own node: its settings, the time of its last write
// (which tells the scheduler it has new data), since when it has had data no cycle has taken (kept from the first
// such write until a cycle leaves nothing pending: the backlog's age in /metrics), and its clock: the time of its
// latest memory, which decay and archiving run on, so an imported archive ages as it would have live. Taking its
// lock first also orders this batch after a cycle write in flight for the group.
MERGE (g:Group {id: $groupId})
ON CREATE SET g.createdAt = datetime(), g.timezone = $timezone
SET g.lastIngestAt = datetime(),
    g.backlogSince = coalesce(g.backlogSince, datetime()),
    g.latestMemoryAt = CASE
      WHEN g.latestMemoryAt IS NULL OR datetime($latestTs) > g.latestMemoryAt THEN datetime($latestTs)
      ELSE g.latestMemoryAt
    END
// Then the memories. MERGE on the group and the id (unique together) makes a repeated batch a no-op. Only the rows
// this statement created get their vector: a memory is written with its vector in one transaction, so one without
// a vector is one created here, and a memory another writer created first keeps its own (MERGE waits for that
// writer to commit). A batch token stored on every memory told the same at the cost of a string per memory. New
// memories are pending for both roll-ups (session and day) until a summary covers them.
// `ingestedAt` starts the retention clock of the original (KEEP_ORIGINAL_DAYS).
// A vector comes whole or as runs (graph/embedding-param.ts): its non-zero values, each after its run of zeros, then
// the zeros after the last value. Runs are cut from one list of zeros, made once for the batch. (Run lengths arrive
// as whole floats, as every JS number does, and a slice bound takes a whole float as it is.)
WITH DISTINCT g, [x IN range(1, toInteger($dimension)) | 0.0] AS zeros
UNWIND $memories AS row
MERGE (m:Memory {groupId: $groupId, id: row.id})
ON CREATE SET
  m.text = row.text,
  m.speaker = row.speaker,
  m.ts = datetime(row.ts),
  m.sessionId = row.sessionId,
  m.meta = row.meta,
  m.ingestedAt = datetime(),
  m.sessionPending = true,
  m.dayPending = true
WITH g, m, row, zeros, m[$vectorKey] IS NULL AS created
// The procedure stores the vector as a compact float32 array rather than a list of doubles.
CALL (m, row, zeros, created) {
  WITH m, row, zeros
  WHERE created
  CALL db.create.setNodeVectorProperty(m, $vectorKey, CASE
    WHEN row.embedding IS NOT NULL THEN row.embedding
    ELSE reduce(v = [], i IN range(0, size(row.embeddingValues) - 1) |
      v + zeros[..row.embeddingZeros[i]] + row.embeddingValues[i]) + zeros[..last(row.embeddingZeros)]
  END)
}
// Then the group's term statistics (graph/term-stats.ts): each key held by a memory this statement created adds one
// to the group's count of memories holding it (row.terms: domain/term-keys.ts memoryTerms), and its text's
// length (row.length) to the group's summed length ($lengthKey), unless a count of the group's memories is still
// under way and has not passed this id yet (g.termCursor: that count will take it). Keys come sorted, the length's
// first, and are merged in that order, so two writers lock a group's terms in the same order.
WITH g, collect({id: m.id, created: created,
  counted: created AND (g.termCursor IS NULL OR m.id <= g.termCursor), terms: row.terms, length: row.length})
  AS written
CALL (written) {
  UNWIND written AS w
  WITH w WHERE w.counted
  UNWIND [{term: $lengthKey, add: w.length}] + [term IN w.terms | {term: term, add: 1}] AS counted
  WITH counted.term AS term, sum(counted.add) AS holding
  WHERE holding > 0
  ORDER BY term
  MERGE (t:Term {groupId: $groupId, term: term})
  ON CREATE SET t.memories = holding
  ON MATCH SET t.memories = t.memories + holding
}
UNWIND written AS w
RETURN w.id AS id, w.created AS created
