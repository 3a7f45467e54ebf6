// Memories of a group by how many session summaries cover them (none while pending, never more than one).
MATCH (m:Memory {groupId: $groupId})
WITH m, COUNT { MATCH (s:Summary {level: 'session'})-[:SUMMARIZES]->(m) } AS sessionParents
RETURN sessionParents, count(m) AS memories
ORDER BY sessionParents
