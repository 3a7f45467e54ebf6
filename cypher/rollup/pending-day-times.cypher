// Instants of the memories not yet in a day summary, as epoch milliseconds; the cycle buckets them into days in the
// group's time zone.
// Hinted: planned on an empty database, the planner would take the groupId index and read every node of
// the group (see ingest/find-memories.cypher).
MATCH (m:Memory {groupId: $groupId})
USING INDEX SEEK m:Memory(groupId, dayPending)
WHERE m.dayPending = true
RETURN m.ts.epochMillis AS tsMillis
