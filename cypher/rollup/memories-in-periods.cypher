// A group's memories in [startsAt, endsAt) of each period, oldest first: the contents of several days in one read.
// Instants as epoch milliseconds (cheaper to read than datetimes).
// Rows come in no order (graph/rollups.ts orders them): a sort would hold every row of the batch at once.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND range(0, size($batch.requests) - 1) AS request
// Unwound by position, each request's long list straight from the parameter: a row never holds a request (every
// session, period or row of the call), which Neo4j counts against the transaction's memory on every row that still
// has it in a slot, dropped by a WITH or not (a 200,000-memory group's first read of sessions went over the limit).
WITH request, $batch.requests[request].groupId AS groupId
UNWIND $batch.requests[request].periods AS period
// Hinted: with the group and the period known only per row, the planner takes the groupId index and reads every
// memory of the group for each period.
MATCH (m:Memory {groupId: groupId})
USING INDEX SEEK m:Memory(groupId, ts)
WHERE m.ts >= datetime(period.startsAt) AND m.ts < datetime(period.endsAt)
RETURN request, period.key AS key, m.id AS id, m.text AS text, m.speaker AS speaker,
       m.ts.epochMillis AS tsMillis
