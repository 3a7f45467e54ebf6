// What the floors of bench:aggregate write for one group, a page of one level at a time (read before the floor is
// timed): each summary's text, vectors and children, and for the indexed floor the properties the summary indexes
// hold. Oldest first after the cursor ($afterStartsAt as Neo4j writes it, and $afterId), by a seek in the
// (groupId, level, startsAt) index that stops at $limit: a whole group's children (two million at a million
// memories) sorted in one read is what a page keeps Neo4j's heap from.
MATCH (s:Summary {groupId: $groupId, level: $level})
USING INDEX SEEK s:Summary(groupId, level, startsAt)
WHERE s.startsAt >= datetime($afterStartsAt) AND (s.startsAt > datetime($afterStartsAt) OR s.id > $afterId)
WITH s
ORDER BY s.groupId, s.level, s.startsAt, s.id
LIMIT toInteger($limit)
RETURN s.id AS id, s.text AS text, s.embedding AS embedding, s.contentEmbedding AS contentEmbedding,
       COLLECT { MATCH (s)-[:SUMMARIZES]->(c) RETURN elementId(c) } AS children,
       s.level AS level, toString(s.periodStart) AS periodStart, toString(s.startsAt) AS startsAt,
       toString(s.endsAt) AS endsAt, s.sessionKey AS sessionKey, s.parentPending AS parentPending
