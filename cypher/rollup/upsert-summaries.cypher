// Creates summaries, or regenerates them in place (version + 1): the id is the natural key, so there is never a
// second node for one period. Several periods of one level per transaction, one row each. Topics are stored as
// parallel lists because node properties cannot hold maps.
// Two vectors: the recall vector (the summary text, indexed for recall) and the content vector (everything the period
// holds, for drift and eras). Sessions have none of the second (null): drift and eras read days, weeks and months.
// Both go to the database's vector slot ($vectorKey, $contentVectorKey: graph/vector-slots.ts); the other slot's
// are removed first, since a re-embedding in progress must see this summary's new text as not yet embedded.
// The first comes whole or as runs (graph/embedding-param.ts): its non-zero values, each after its run of zeros,
// then the zeros after the last value, cut from one list of zeros made once for the batch.
// One plan, made once: every node is found by a unique key, so the plan depends neither on the statistics
// (replan=skip keeps it as they change) nor on the number of rows, which come inside a map ($batch.requests, each
// with its rows) so that every batch size shares it (see graph/rollups.ts writeSummaries).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
WITH [x IN range(1, toInteger($dimension)) | 0.0] AS zeros
UNWIND range(0, size($batch.requests) - 1) AS request
// Unwound by position, each request's long list straight from the parameter: a row never holds a request (every
// session, period or row of the call), which Neo4j counts against the transaction's memory on every row that still
// has it in a slot, dropped by a WITH or not (a 200,000-memory group's first read of sessions went over the limit).
UNWIND $batch.requests[request].rows AS row
WITH request, row, row.summary AS summary, zeros
MERGE (s:Summary {id: summary.id})
ON CREATE SET
  s.groupId = summary.groupId,
  s.level = summary.level,
  s.createdAt = datetime(),
  s.version = 0
SET
  s.periodStart = date(summary.periodStart),
  s.periodEnd = date(summary.periodEnd),
  s.startsAt = datetime(summary.startsAt),
  s.endsAt = datetime(summary.endsAt),
  s.sessionKey = summary.sessionKey,
  s.explicit = summary.explicit,
  s.text = summary.text,
  s.topics = summary.topics,
  s.topicWeights = summary.topicWeights,
  s.highlights = summary.highlights,
  s.activeUsers = summary.activeUsers,
  s.activeUserCounts = [n IN summary.activeUserCounts | toInteger(n)],
  // Originals pruned past their retention still count for the session or day that covered them.
  s.messageCount = toInteger(summary.messageCount) + coalesce(s.prunedMemories, 0),
  s.activityScore = summary.activityScore,
  s.decay = summary.decay,
  s.summarizer = summary.summarizer,
  s.parentPending = summary.parentPending,
  // In recall until archived (maintenance/archive-summaries): a summary written again keeps its archive state.
  s.unarchived = CASE WHEN s.archivedAt IS NULL THEN true END,
  // A session written again has its entities linked again (jobs/entities.ts): the flag is removed once they are.
  s.entitiesPending = CASE WHEN summary.level = 'session' THEN true ELSE s.entitiesPending END,
  s.updatedAt = datetime(),
  s.version = s.version + 1
// A second label per level (:Session, :Day, :Week, :Month) so Browser styles and users can tell levels apart.
SET s:$(toUpper(left(s.level, 1)) + substring(s.level, 1))
REMOVE s.embedding, s.embeddingB, s.contentEmbedding, s.contentEmbeddingB
WITH request, s, row, zeros
// An archived summary written again (a late memory in its period) stays out of recall: no recall vector.
CALL (s, row, zeros) {
  WITH s, row, zeros
  WHERE s.archivedAt IS NULL
  CALL db.create.setNodeVectorProperty(s, $vectorKey, CASE
    WHEN row.embedding IS NOT NULL THEN row.embedding
    ELSE reduce(v = [], i IN range(0, size(row.embeddingValues) - 1) |
      v + zeros[..row.embeddingZeros[i]] + row.embeddingValues[i]) + zeros[..last(row.embeddingZeros)]
  END)
}
WITH request, s, row
CALL (s, row) {
  WITH s, row
  WHERE row.contentEmbedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(s, $contentVectorKey, row.contentEmbedding)
}
RETURN request, s.id AS id, s.version AS version
