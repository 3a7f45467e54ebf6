// One page of a group's memories for its export, oldest first (ties by id), after the cursor ($afterTs, the
// previous page's last time as Neo4j writes it, and $afterId): a seek from the cursor in the (groupId, ts) index
// that stops at $limit, so each page reads about what it returns, however large the group.
MATCH (m:Memory {groupId: $groupId})
USING INDEX SEEK m:Memory(groupId, ts)
WHERE m.ts >= datetime($afterTs) AND (m.ts > datetime($afterTs) OR m.id > $afterId)
WITH m
ORDER BY m.groupId, m.ts, m.id
LIMIT toInteger($limit)
// The time as Neo4j writes it: exact (to the nanosecond, in its own offset), and what the next page's cursor needs.
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, toString(m.ts) AS ts, m.sessionId AS sessionId, m.meta AS meta
