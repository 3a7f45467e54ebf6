// The stored vectors of a group's memories by id, as the graph holds them; for checks.
MATCH (m:Memory {groupId: $groupId})
WHERE m.id IN $ids
RETURN m.id AS id, m[$vectorKey] AS embedding
ORDER BY m.id
