// (summary)-[:SUMMARIZES]->(memory) for session or day summaries, and the memories are no longer pending for that
// kind of roll-up: the flags clear in the transaction that writes the summary covering them. A flag is removed, not
// set false, so its index holds only what is still pending rather than an entry for every memory there ever was (read
// a missing flag as false). One row per summary: {summaryId, memoryIds}. One plan, made once: every node is found by
// a seek on a unique key (hinted, so that no statistics make it a scan), so the plan depends neither on the
// statistics (replan=skip keeps it as they change) nor on the number of rows, which come inside a map
// ($batch.requests, each with its rows) so that every batch size shares it (see graph/rollups.ts writeSummaries).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND range(0, size($batch.requests) - 1) AS request
// Unwound by position, each request's long list straight from the parameter: a row never holds a request (every
// session, period or row of the call), which Neo4j counts against the transaction's memory on every row that still
// has it in a slot, dropped by a WITH or not (a 200,000-memory group's first read of sessions went over the limit).
UNWIND $batch.requests[request].rows AS row
MATCH (s:Summary {id: row.summaryId})
USING INDEX SEEK s:Summary(id)
UNWIND row.memoryIds AS memoryId
// Hinted: planned on an empty database, the planner would take the groupId index and read every node of
// the group (see ingest/find-memories.cypher).
MATCH (m:Memory {groupId: s.groupId, id: memoryId})
USING INDEX SEEK m:Memory(groupId, id)
MERGE (s)-[:SUMMARIZES]->(m)
FOREACH (_ IN CASE WHEN s.level = 'session' THEN [1] ELSE [] END | REMOVE m.sessionPending)
FOREACH (_ IN CASE WHEN s.level = 'day' THEN [1] ELSE [] END | REMOVE m.dayPending)
RETURN request, count(m) AS linked
