// The background kept on a group's current era (JSON, domain/era-background.ts): what the era step knows of the
// days before it without reading them. No row when the group has no current era.
// Planned once and kept (replan=skip), as eras/list: a hinted seek on the group's handful of eras.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (e:Era {groupId: request.groupId})
  USING INDEX SEEK e:Era(groupId)
  WHERE e.current
  RETURN e.background AS background
  LIMIT 1
}
RETURN request.index AS request, background
