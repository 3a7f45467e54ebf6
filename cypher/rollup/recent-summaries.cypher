// The group's latest summaries at one level: background for distinctive topics, and the typical message count.
// Read newest first from the (groupId, level, startsAt) index and stopped at $limit: the ORDER BY names the
// index's own properties, so the index hands the rows over in that order and no more than $limit are read. Ordered
// by startsAt alone, the planner read every summary of the level (1,402 sessions of a 10,000-memory group) to sort
// them, on every cycle, a cost that grows with the group's history. Every summary has a start, so the IS NOT NULL
// test only lets the index serve the match; SEEK keeps the planner from scanning the whole index instead, which a
// plain index hint allows (test/integration/bounded-reads.test.ts).
// Planned once and kept (replan=skip): the hinted seek in the index's order is the plan whatever the statistics;
// planning it again after they moved cost a daily cycle 64 ms.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (s:Summary {groupId: request.groupId, level: $level})
  USING INDEX SEEK s:Summary(groupId, level, startsAt)
  WHERE s.startsAt IS NOT NULL
  RETURN s.text AS text, s.messageCount AS messageCount
  ORDER BY s.groupId DESC, s.level DESC, s.startsAt DESC
  LIMIT toInteger($limit)
}
RETURN request.index AS request, text, messageCount
