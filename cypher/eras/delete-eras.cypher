// Removes eras that were folded into the group's "earlier" era (their periods now belong to it).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (e:Era {groupId: request.groupId})
  WHERE NOT e.id IN request.keepIds
  DETACH DELETE e
  RETURN count(*) AS deleted
}
RETURN request.index AS request, deleted
