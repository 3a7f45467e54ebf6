// What the floors of bench:aggregate write for one group: each summary's text, vectors and children, and for the
// indexed floor the properties the summary indexes hold, in level order (read before the floor is timed).
MATCH (s:Summary {groupId: $groupId})
RETURN s.id AS id, s.text AS text, s.embedding AS embedding, s.contentEmbedding AS contentEmbedding,
       COLLECT { MATCH (s)-[:SUMMARIZES]->(c) RETURN elementId(c) } AS children,
       s.level AS level, toString(s.periodStart) AS periodStart, toString(s.startsAt) AS startsAt,
       toString(s.endsAt) AS endsAt, s.sessionKey AS sessionKey, s.parentPending AS parentPending
ORDER BY CASE s.level WHEN 'session' THEN 0 WHEN 'day' THEN 1 WHEN 'week' THEN 2 ELSE 3 END, s.periodStart, s.id
