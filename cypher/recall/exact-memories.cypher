// Exact nearest memories over the group's own nodes: the fallback when the index's over-fetched hits,
// filtered to the group and window, run short (small groups in a big database, narrow windows).
MATCH (m:Memory {groupId: $groupId})
WHERE ($from IS NULL OR m.ts >= datetime($from))
  AND ($to IS NULL OR m.ts < datetime($to))
  AND m[$vectorKey] IS NOT NULL
WITH m, vector.similarity.cosine(m[$vectorKey], $vector) AS score
ORDER BY score DESC
LIMIT toInteger($limit)
RETURN m.id AS id, 'memory' AS level, score, 1.0 AS decay
