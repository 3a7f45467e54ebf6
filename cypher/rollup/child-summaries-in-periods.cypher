// The summaries at $level whose period starts in [from, to) of each period: the children of several weeks or months.
// Rows come in no order (graph/rollups.ts orders them): a sort would hold every row of the batch at once.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND range(0, size($batch.requests) - 1) AS request
// Unwound by position, each request's long list straight from the parameter: a row never holds a request (every
// session, period or row of the call), which Neo4j counts against the transaction's memory on every row that still
// has it in a slot, dropped by a WITH or not (a 200,000-memory group's first read of sessions went over the limit).
WITH request, $batch.requests[request].groupId AS groupId
UNWIND $batch.requests[request].periods AS period
// Hinted: with the group and the period known only per row, the planner takes the groupId index and reads every
// summary of the group for each period.
MATCH (s:Summary {groupId: groupId, level: $level})
USING INDEX SEEK s:Summary(groupId, level, periodStart)
WHERE s.periodStart >= date(period.from) AND s.periodStart < date(period.to)
RETURN request, period.key AS key, s.id AS id, s.text AS text, toString(s.periodStart) AS periodStart,
       s.messageCount AS messageCount, s.activeUsers AS activeUsers, s.activeUserCounts AS activeUserCounts
