// People of the group whose name has several words starting with one of $firstNames: a later session that names
// only the first word resolves to the one such person, when there is one (domain/entity-resolution.ts).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  UNWIND request.firstNames AS firstName
  MATCH (e:Entity {groupId: request.groupId, firstName: firstName})
  RETURN e.key AS key, e.name AS name
}
RETURN request.index AS request, key, name
