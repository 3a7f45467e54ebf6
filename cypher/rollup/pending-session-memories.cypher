// Memories not yet in any session summary, oldest first. Instants as epoch milliseconds: a number crosses the wire
// and is read far more cheaply than a datetime, and a full cycle reads every memory's.
// Hinted: planned on an empty database, the planner would take the groupId index and read every node of
// the group (see ingest/find-memories.cypher).
MATCH (m:Memory {groupId: $groupId})
USING INDEX SEEK m:Memory(groupId, sessionPending)
WHERE m.sessionPending = true
RETURN m.id AS id, m.ts.epochMillis AS tsMillis, m.sessionId AS sessionId
ORDER BY m.ts, m.id
