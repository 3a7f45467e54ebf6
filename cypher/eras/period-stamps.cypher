// The start dates of one level's summaries of a group, in order: all the era step needs of the weeks to tell whether
// an era gained one. The (groupId, level, periodStart) index holds every start read. From $stampsFrom on (null:
// nowhere), each also says when it was last written (epoch milliseconds), read from the node: the era step tells by
// it whether a week of the current era was rewritten after that era (a late memory), so only the current era's
// weeks are read.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (s:Summary {groupId: request.groupId, level: $level})
  WHERE s.periodStart IS NOT NULL
  RETURN toString(s.periodStart) AS periodStart,
    CASE WHEN s.periodStart >= date(request.stampsFrom) THEN s.updatedAt.epochMillis END AS updatedAtMillis
  ORDER BY s.periodStart
}
RETURN request.index AS request, periodStart, updatedAtMillis
