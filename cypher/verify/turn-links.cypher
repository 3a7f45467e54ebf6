// Memories whose NEXT_TURN links (graph/turns.ts) are not the one to the next turn of their conversation (the same
// session id, or neither has one; the first in (ts, id) order within $horizonMinutes), found as turns/relink.cypher
// finds it: a link missing, one too many, or one to another turn. Examples read `id -> linked (expected)`.
MATCH (m:Memory {groupId: $groupId})
CALL (m) {
  OPTIONAL CALL (m) {
    MATCH (n:Memory {groupId: $groupId})
    USING INDEX SEEK n:Memory(groupId, ts)
    WHERE n.ts >= m.ts AND n.ts <= m.ts + duration({minutes: $horizonMinutes})
      AND (n.ts > m.ts OR n.id > m.id) AND coalesce(n.sessionId, '') = coalesce(m.sessionId, '')
    RETURN n
    ORDER BY n.groupId, n.ts, n.id
    LIMIT 1
  }
  RETURN [x IN [n] WHERE x IS NOT NULL | x.id] AS expected,
    COLLECT { MATCH (m)-[:NEXT_TURN]->(x) RETURN x.id } AS linked
}
WITH m, expected, linked
WHERE linked <> expected
ORDER BY m.id
RETURN count(m) AS count,
  collect(m.id + ' -> ' + coalesce(linked[0], 'none') + ' (' + coalesce(expected[0], 'none') + ')')[..5] AS examples
