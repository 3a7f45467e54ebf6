// Summarised memories of a group by how many day summaries cover them (should all be exactly one).
MATCH (m:Memory {groupId: $groupId})
WHERE NOT coalesce(m.dayPending, false)
WITH m, COUNT { MATCH (d:Summary {level: 'day'})-[:SUMMARIZES]->(m) } AS dayParents
RETURN dayParents, count(m) AS memories
ORDER BY dayParents
