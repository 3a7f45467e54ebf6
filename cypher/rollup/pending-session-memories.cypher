// The oldest page of the memories not yet in any session summary, oldest first. Read in the order of the
// (groupId, sessionPending, ts) index and stopped at $limit, so a backlog of a million memories costs a page, not a
// sort of the million (the ORDER BY names the index's own properties, which lets the index hand rows over in order).
// Instants as epoch milliseconds: a number crosses the wire and is read far more cheaply than a datetime.
// SEEK: planned on an empty database, the planner would take the groupId index and read every node of the group.
// Planned once and kept (replan=skip): the hinted seek in the index's order is the plan whatever the statistics, and
// an import turns them over (a million memories leaving the pending state), so the first daily cycle after it paid
// 55 ms to plan this again, against a few ms to run it.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (m:Memory {groupId: request.groupId})
  USING INDEX SEEK m:Memory(groupId, sessionPending, ts)
  WHERE m.sessionPending = true AND m.ts IS NOT NULL
  RETURN m.id AS id, m.ts.epochMillis AS tsMillis, m.sessionId AS sessionId
  ORDER BY m.groupId, m.sessionPending, m.ts
  LIMIT toInteger($limit)
}
RETURN request.index AS request, id, tsMillis, sessionId
