// Vectors missing or of another size than the embedder's: memories and active summaries need their recall vector
// (archived summaries have none by design), every day, week and month its content vector (sessions have none).
CALL () {
  MATCH (m:Memory {groupId: $groupId})
  WHERE m[$vectorKey] IS NULL OR size(m[$vectorKey]) <> $dimension
  RETURN 'memory' AS kind, m.id AS id
  UNION ALL
  MATCH (s:Summary {groupId: $groupId})
  WHERE (s.archivedAt IS NULL AND (s[$vectorKey] IS NULL OR size(s[$vectorKey]) <> $dimension))
     OR (s.level <> 'session' AND (s[$contentVectorKey] IS NULL OR size(s[$contentVectorKey]) <> $dimension))
  RETURN s.level AS kind, s.id AS id
}
RETURN kind, count(id) AS count, collect(id)[..5] AS examples
