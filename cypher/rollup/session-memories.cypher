// Everything a session summary will cover: the memories it already summarises plus the newly assigned ones.
CALL (){
  MATCH (m:Memory {groupId: $groupId})
  WHERE m.id IN $newIds
  RETURN m
  UNION
  MATCH (:Summary {id: $summaryId})-[:SUMMARIZES]->(m:Memory)
  RETURN m
}
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, m.ts AS ts
ORDER BY m.ts, m.id
