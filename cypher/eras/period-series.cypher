// One level's summaries of a group in time order, with topics and content vectors: the series drift and eras
// work on.
// Open bounds are the first and last dates Neo4j knows, so the (groupId, level, periodStart) index serves the match
// and the order whether or not the caller bounds the series.
MATCH (s:Summary {groupId: $groupId, level: $level})
WHERE s.periodStart >= coalesce(date($from), date('-999999999-01-01'))
  AND s.periodStart < coalesce(date($to), date('+999999999-12-31'))
RETURN s.id AS id, toString(s.periodStart) AS periodStart, toString(s.periodEnd) AS periodEnd, s.text AS text,
       s.topics AS topics, s.topicWeights AS topicWeights, s.activityScore AS activityScore,
       s.messageCount AS messageCount, CASE WHEN $withEmbeddings THEN coalesce(s[$contentVectorKey], s[$vectorKey]) END AS embedding
ORDER BY s.periodStart
