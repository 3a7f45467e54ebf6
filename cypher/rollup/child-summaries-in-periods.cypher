// The summaries at $level whose period starts in [from, to) of each period: the children of several weeks or months.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  UNWIND request.periods AS period
  // Hinted: with the group and the period known only per row, the planner takes the groupId index and reads every
  // summary of the group for each period.
  MATCH (s:Summary {groupId: request.groupId, level: $level})
  USING INDEX SEEK s:Summary(groupId, level, periodStart)
  WHERE s.periodStart >= date(period.from) AND s.periodStart < date(period.to)
  RETURN period.key AS key, s.id AS id, s.text AS text, toString(s.periodStart) AS periodStart,
         s.messageCount AS messageCount, s.activeUsers AS activeUsers, s.activeUserCounts AS activeUserCounts
  ORDER BY key, s.periodStart
}
RETURN request.index AS request, key, id, text, periodStart, messageCount, activeUsers, activeUserCounts
