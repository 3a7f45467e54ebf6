// One page of a group's summaries of one level for its export, oldest first (ties by id), after the cursor
// ($afterStartsAt as Neo4j writes it, and $afterId), with the ids of what each summarizes: a seek in the
// (groupId, level, startsAt) index that stops at $limit.
MATCH (s:Summary {groupId: $groupId, level: $level})
USING INDEX SEEK s:Summary(groupId, level, startsAt)
WHERE s.startsAt >= datetime($afterStartsAt) AND (s.startsAt > datetime($afterStartsAt) OR s.id > $afterId)
WITH s
ORDER BY s.groupId, s.level, s.startsAt, s.id
LIMIT toInteger($limit)
RETURN s {
  .id, .groupId, .level, .text, .topics, .topicWeights, .highlights, .activeUsers, .messageCount,
  .activityScore, .decay, .version, .summarizer, .createdAt, .updatedAt, .startsAt, .endsAt, .archivedAt,
  periodStart: toString(s.periodStart), periodEnd: toString(s.periodEnd)
} AS summary,
  toString(s.startsAt) AS cursor,
  COLLECT { MATCH (s)-[:SUMMARIZES]->(child) RETURN child.id ORDER BY child.id } AS children
