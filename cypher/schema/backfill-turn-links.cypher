// Memories stored before turns were linked get their links (graph/turns.ts): each to the turn just after it in its
// conversation (the same session id, or neither has one), the first in (ts, id) order within $horizonMinutes, found
// as turns/relink.cypher finds it. Ten thousand memories a transaction (run it in an auto-commit transaction); run
// again after a crash, it merges what is there.
MATCH (m:Memory)
CALL (m) {
  OPTIONAL CALL (m) {
    MATCH (n:Memory {groupId: m.groupId})
    USING INDEX SEEK n:Memory(groupId, ts)
    WHERE n.ts >= m.ts AND n.ts <= m.ts + duration({minutes: $horizonMinutes})
      AND (n.ts > m.ts OR n.id > m.id) AND coalesce(n.sessionId, '') = coalesce(m.sessionId, '')
    RETURN n
    ORDER BY n.groupId, n.ts, n.id
    LIMIT 1
  }
  WITH m, n
  WHERE n IS NOT NULL
  MERGE (m)-[:NEXT_TURN]->(n)
} IN TRANSACTIONS OF 10000 ROWS
