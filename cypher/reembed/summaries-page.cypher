// The next page of a group's summaries that lack a vector in the slot a re-embedding fills: the recall vector of an
// active summary ($targetKey; archived ones have none), the content vector of a day, week or month
// ($targetContentKey). With each, what its vectors are made of: its text, and for the content vector the texts of
// what it summarises in time order (memories or summaries; originals pruned since are no longer there). The
// version lets the write skip a summary a cycle regenerated in between.
MATCH (s:Summary {groupId: $groupId})
WHERE s.id > $after
  AND ((s.archivedAt IS NULL AND s[$targetKey] IS NULL) OR (s.level <> 'session' AND s[$targetContentKey] IS NULL))
WITH s
ORDER BY s.id
LIMIT toInteger($limit)
WITH s, s.archivedAt IS NULL AND s[$targetKey] IS NULL AS needsVector,
  s.level <> 'session' AND s[$targetContentKey] IS NULL AS needsContent
RETURN s.id AS id, s.version AS version, s.text AS text, needsVector,
  CASE WHEN needsContent THEN COLLECT {
    MATCH (s)-[:SUMMARIZES]->(child)
    WITH child
    ORDER BY coalesce(child.ts, child.startsAt)
    RETURN child.text
  } END AS childTexts
