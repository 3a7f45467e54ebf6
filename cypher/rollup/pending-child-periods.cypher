// Period starts of the summaries at $level not yet rolled into their parent, oldest first, one row per summary, the
// oldest $limit of them: a page of the level's backlog.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (s:Summary {groupId: request.groupId, level: $level})
  WHERE s.parentPending = true
  RETURN toString(s.periodStart) AS periodStart
  ORDER BY s.periodStart
  LIMIT toInteger($limit)
}
RETURN request.index AS request, periodStart
