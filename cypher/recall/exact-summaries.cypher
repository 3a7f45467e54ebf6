// Exact nearest summaries of the asked levels over the group's own nodes (in the window, and ended by $asOf when the
// question is asked then); the fallback for summaries.
MATCH (s:Summary {groupId: $groupId})
WHERE s.level IN $levels
  AND ($from IS NULL OR s.endsAt > datetime($from))
  AND ($to IS NULL OR s.startsAt < datetime($to))
  AND ($asOf IS NULL OR s.endsAt <= datetime($asOf))
  AND s[$vectorKey] IS NOT NULL
WITH s, vector.similarity.cosine(s[$vectorKey], $vector) AS score
ORDER BY score DESC
LIMIT toInteger($limit)
RETURN s.id AS id, s.level AS level, score, coalesce(s.decay, 1.0) AS decay
