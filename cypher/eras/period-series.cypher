// One level's summaries of a group in time order, with topics and content vectors: the series drift and eras
// work on.
MATCH (s:Summary {groupId: $groupId, level: $level})
WHERE ($from IS NULL OR s.periodStart >= date($from))
  AND ($to IS NULL OR s.periodStart < date($to))
RETURN s.id AS id, toString(s.periodStart) AS periodStart, toString(s.periodEnd) AS periodEnd, s.text AS text,
       s.topics AS topics, s.topicWeights AS topicWeights, s.activityScore AS activityScore,
       s.messageCount AS messageCount, CASE WHEN $withEmbeddings THEN coalesce(s.contentEmbedding, s.embedding) END AS embedding
ORDER BY s.periodStart
