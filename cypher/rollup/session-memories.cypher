// Everything each session summary will cover: the memories it already summarises plus the newly assigned ones;
// several sessions in one read. Instants as epoch milliseconds (cheaper to read than datetimes). Rows come in no
// order (graph/rollups.ts orders them): a sort, like the UNION's distinct, holds every row with its session (all its
// new ids) and costs the transaction's memory that many times over. The two parts never meet: a new memory is still
// pending, and linking one to its session clears the flag in the same write.
// Planned once and kept (replan=skip): a hinted seek, and a walk from a summary found by its unique id, so the plan
// does not depend on the statistics; planning it again after they moved cost a daily cycle 83 ms.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND range(0, size($batch.requests) - 1) AS request
// Unwound by position, each request's long list straight from the parameter: a row never holds a request (every
// session, period or row of the call), which Neo4j counts against the transaction's memory on every row that still
// has it in a slot, dropped by a WITH or not (a 200,000-memory group's first read of sessions went over the limit).
WITH request, $batch.requests[request].groupId AS groupId
UNWIND $batch.requests[request].sessions AS session
CALL (groupId, session) {
  UNWIND session.newIds AS newId
  // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
  // the group (see ingest/find-memories.cypher).
  MATCH (m:Memory {groupId: groupId, id: newId})
  USING INDEX SEEK m:Memory(groupId, id)
  RETURN m
  UNION ALL
  MATCH (summary:Summary {id: session.summaryId})-[:SUMMARIZES]->(m:Memory)
  USING INDEX SEEK summary:Summary(id)
  WHERE m.sessionPending IS NULL
  RETURN m
}
RETURN request, session.key AS key, m.id AS id, m.text AS text, m.speaker AS speaker,
       m.ts.epochMillis AS tsMillis
