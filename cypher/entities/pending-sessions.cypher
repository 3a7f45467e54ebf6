// The oldest $limit session summaries whose entities are not yet linked (written or written again since the last
// entity step), oldest first, from the index that holds only those: a cycle reads a page of its backlog, never the
// group. A session whose originals were pruned (prunedMemories) and whose entities are linked keeps them: written
// again for a late memory, its remaining memories would count less than it did.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (s:Summary {groupId: request.groupId, entitiesPending: true})
  USING INDEX SEEK s:Summary(groupId, entitiesPending, startsAt)
  WHERE s.startsAt IS NOT NULL
  WITH s
  ORDER BY s.groupId, s.entitiesPending, s.startsAt
  LIMIT toInteger($limit)
  RETURN s.id AS summaryId, s.messageCount AS messageCount,
         coalesce(s.prunedMemories, 0) > 0 AND EXISTS { (s)-[:MENTIONS_ENTITY]->() } AS keep
}
RETURN request.index AS request, summaryId, messageCount, keep
