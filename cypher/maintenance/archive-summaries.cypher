// Archives decayed summaries (the rule of archivable-summaries): their recall vector is removed, which takes them
// out of the vector index, and recall's full-text search skips them; everything else stays (period, text, counts,
// topics, MENTIONS, SUMMARIZES, NEXT_PERIOD, contentEmbedding), so drift, eras and timelines stay whole.
MATCH (s:Summary {groupId: $groupId})
WHERE s.decay < $minDecay AND NOT s.level IN $keepLevels AND s.archivedAt IS NULL
  AND (s.level = 'session' OR EXISTS { MATCH (:Summary)-[:SUMMARIZES]->(s) })
SET s.archivedAt = datetime()
REMOVE s.embedding, s.embeddingB
RETURN s.level AS level, count(s) AS count
