// The latest $limit memories of an entity's latest $sessions sessions whose text holds its name or an alias, in
// any case (graph/entities.ts keeps those that name it as whole words). Sessions link entities, not memories
// (memory-level links cost too much in a group of millions), so its memories are found by their text, within the
// sessions that name it.
MATCH (e:Entity {id: $entityId})
WHERE e.groupId = $groupId
WITH e, [n IN [e.name] + e.aliases | toLower(n)] AS names
CALL (e) {
  MATCH (s:Summary)-[:MENTIONS_ENTITY]->(e)
  RETURN s
  ORDER BY s.startsAt DESC
  LIMIT toInteger($sessions)
}
MATCH (s)-[:SUMMARIZES]->(m:Memory)
WHERE any(n IN names WHERE toLower(m.text) CONTAINS n)
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, m.ts AS ts, s.id AS summaryId
ORDER BY m.ts DESC, m.id
LIMIT toInteger($limit)
