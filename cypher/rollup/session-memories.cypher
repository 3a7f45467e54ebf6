// Everything each session summary will cover: the memories it already summarises plus the newly assigned ones;
// several sessions in one read. Instants as epoch milliseconds (cheaper to read than datetimes).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  UNWIND request.sessions AS session
  CALL (request, session) {
    UNWIND session.newIds AS newId
    // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
    // the group (see ingest/find-memories.cypher).
    MATCH (m:Memory {groupId: request.groupId, id: newId})
    USING INDEX SEEK m:Memory(groupId, id)
    RETURN m
    UNION
    MATCH (:Summary {id: session.summaryId})-[:SUMMARIZES]->(m:Memory)
    RETURN m
  }
  RETURN session.key AS key, m.id AS id, m.text AS text, m.speaker AS speaker, m.ts.epochMillis AS tsMillis
  ORDER BY key, m.ts, m.id
}
RETURN request.index AS request, key, id, text, speaker, tsMillis
