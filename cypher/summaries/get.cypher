// One summary with what it summarises, what summarises it, and its NEXT_PERIOD neighbours.
MATCH (s:Summary {id: $id})
RETURN s {
  .id, .groupId, .level, .text, .topics, .topicWeights, .highlights, .activeUsers, .messageCount,
  .activityScore, .decay, .version, .summarizer, .createdAt, .updatedAt, .startsAt, .endsAt, .archivedAt,
  periodStart: toString(s.periodStart), periodEnd: toString(s.periodEnd)
} AS summary,
  COLLECT { MATCH (s)-[:SUMMARIZES]->(c) RETURN c.id ORDER BY c.id } AS children,
  COLLECT { MATCH (p)-[:SUMMARIZES]->(s) RETURN p.id ORDER BY p.id } AS parents,
  COLLECT { MATCH (prev:Summary)-[:NEXT_PERIOD]->(s) RETURN prev.id } AS previous,
  COLLECT { MATCH (s)-[:NEXT_PERIOD]->(next:Summary) RETURN next.id } AS next
