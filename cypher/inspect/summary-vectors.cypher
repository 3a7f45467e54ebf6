// The text and stored text vector of each of a group's summaries; for checks.
MATCH (s:Summary {groupId: $groupId})
RETURN s.id AS id, s.text AS text, s[$vectorKey] AS embedding
ORDER BY s.id
