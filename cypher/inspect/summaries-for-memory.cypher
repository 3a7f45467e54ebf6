// The summaries above one memory, level by level, with their versions and when they were last written (the time of
// the transaction that wrote them: datetime() is the transaction's clock).
// Hinted: planned on an empty database, the planner would take the groupId index and read every node of
// the group (see ingest/find-memories.cypher).
MATCH (m:Memory {groupId: $groupId, id: $memoryId})<-[:SUMMARIZES*1..3]-(s:Summary)
USING INDEX SEEK m:Memory(groupId, id)
RETURN DISTINCT s.id AS id, s.level AS level, s.version AS version, toString(s.updatedAt) AS updatedAt
ORDER BY s.level
