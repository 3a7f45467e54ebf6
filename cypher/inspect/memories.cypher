// A group's memories by id with the Cypher types of their properties; for checks and for debugging from the CLI.
MATCH (m:Memory {groupId: $groupId})
WHERE m.id IN $ids
RETURN
  m.id AS id,
  m.groupId AS groupId,
  m.text AS text,
  m.speaker AS speaker,
  m.ts AS ts,
  valueType(m.ts) AS tsType,
  m.sessionId AS sessionId,
  m.meta AS meta,
  coalesce(m.sessionPending, false) AS sessionPending,
  coalesce(m.dayPending, false) AS dayPending,
  valueType(m[$vectorKey]) AS embeddingType,
  size(m[$vectorKey]) AS embeddingSize
ORDER BY m.ts, m.id
