// Memories of a group that no calendar summary (day, week or month) covers directly.
MATCH (m:Memory {groupId: $groupId})
WHERE NOT EXISTS { MATCH (s:Summary)-[:SUMMARIZES]->(m) WHERE s.level <> 'session' }
RETURN count(m) AS count
