// Links each of the group's memories $ids into its conversation (graph/turns.ts): the turn just before it gets a
// NEXT_TURN to it, and it one to the turn just after it, each found by one range seek on (groupId, ts) within
// $horizonMinutes, in the same conversation (the same session id, or neither has one), in (ts, id) order. A link
// it now stands in, or one it held before, goes: the one from the turn before to any other, and the one to the turn
// after from any other. Ingest runs it on the memories it created, pruning on the survivors beside those it
// deleted, in the transaction of the write and under the group node's lock, so a group's links are always its
// chain. Each memory in a subquery of its own, so that the next sees the links the one before left.
UNWIND $ids AS id
MATCH (m:Memory {groupId: $groupId, id: id})
WITH m
ORDER BY m.ts, m.id
CALL (m) {
  OPTIONAL CALL (m) {
    MATCH (p:Memory {groupId: $groupId})
    USING INDEX SEEK p:Memory(groupId, ts)
    WHERE p.ts >= m.ts - duration({minutes: $horizonMinutes}) AND p.ts <= m.ts
      AND (p.ts < m.ts OR p.id < m.id) AND coalesce(p.sessionId, '') = coalesce(m.sessionId, '')
    RETURN p
    ORDER BY p.groupId DESC, p.ts DESC, p.id DESC
    LIMIT 1
  }
  OPTIONAL CALL (m) {
    MATCH (n:Memory {groupId: $groupId})
    USING INDEX SEEK n:Memory(groupId, ts)
    WHERE n.ts >= m.ts AND n.ts <= m.ts + duration({minutes: $horizonMinutes})
      AND (n.ts > m.ts OR n.id > m.id) AND coalesce(n.sessionId, '') = coalesce(m.sessionId, '')
    RETURN n
    ORDER BY n.groupId, n.ts, n.id
    LIMIT 1
  }
  OPTIONAL CALL (m, p, n) {
    UNWIND [node IN [p, m] WHERE node IS NOT NULL] AS x
    MATCH (x)-[r:NEXT_TURN]->(y)
    WHERE NOT (coalesce(x = p AND y = m, false) OR coalesce(x = m AND y = n, false))
    RETURN r
    UNION
    UNWIND [node IN [m, n] WHERE node IS NOT NULL] AS y
    MATCH (x)-[r:NEXT_TURN]->(y)
    WHERE NOT (coalesce(x = p AND y = m, false) OR coalesce(x = m AND y = n, false))
    RETURN r
  }
  WITH m, p, n, collect(r) AS stale
  FOREACH (link IN stale | DELETE link)
  FOREACH (before IN [node IN [p] WHERE node IS NOT NULL] | MERGE (before)-[:NEXT_TURN]->(m))
  FOREACH (after IN [node IN [n] WHERE node IS NOT NULL] | MERGE (m)-[:NEXT_TURN]->(after))
}
RETURN count(m) AS linked
