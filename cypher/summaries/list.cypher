// A group's summaries, newest first, optionally one level and a time window (overlap with [from, to)).
MATCH (s:Summary {groupId: $groupId})
WHERE ($level IS NULL OR s.level = $level)
  AND ($from IS NULL OR s.endsAt > datetime($from))
  AND ($to IS NULL OR s.startsAt < datetime($to))
RETURN s {
  .id, .groupId, .level, .text, .topics, .topicWeights, .highlights, .activeUsers, .messageCount,
  .activityScore, .decay, .version, .summarizer, .createdAt, .updatedAt, .startsAt, .endsAt, .archivedAt,
  periodStart: toString(s.periodStart), periodEnd: toString(s.periodEnd)
} AS summary
ORDER BY s.startsAt DESC, s.id
LIMIT toInteger($limit)
