// Instants of the oldest page of the memories not yet in a day summary, as epoch milliseconds, oldest first; the
// cycle buckets them into days in the group's time zone. Read in the order of the (groupId, dayPending, ts) index and
// stopped at $limit (see pending-session-memories.cypher).
// Planned once and kept (replan=skip), as pending-session-memories.cypher is, for the same reason (38 ms).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (m:Memory {groupId: request.groupId})
  USING INDEX SEEK m:Memory(groupId, dayPending, ts)
  WHERE m.dayPending = true AND m.ts IS NOT NULL
  RETURN m.ts.epochMillis AS tsMillis
  ORDER BY m.groupId, m.dayPending, m.ts
  LIMIT toInteger($limit)
}
RETURN request.index AS request, tsMillis
