// Removes eras that were folded into the group's "earlier" era (their periods now belong to it).
// Planned once and kept (replan=skip): a hinted seek on the group's eras, so the plan does not depend on the
// statistics; planning it again after they moved cost a daily cycle 30-36 ms.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (e:Era {groupId: request.groupId})
  USING INDEX SEEK e:Era(groupId)
  WHERE NOT e.id IN request.keepIds
  DETACH DELETE e
  RETURN count(*) AS deleted
}
RETURN request.index AS request, deleted
