// Links the group's memories $ids into their conversations (graph/turns.ts), a conversation at a time (the same
// session id, or none): its turns from the first of them to the last, in (ts, id) order, with the turn just before
// and the one just after (each the nearest within $horizonMinutes, by an ordered range seek on (groupId, ts)), are
// its chain. Each turn of the chain but the last gets a NEXT_TURN to the next, when that comes within $horizonMinutes,
// and loses any other: a link a late turn now stands in leaves a turn of the chain (the one before it, or the turn
// just before the first) for one of the chain too (the one after it, or the turn just after the last). Ingest runs
// it on each part of a batch right after writing it, pruning on the memories left beside those it deleted, in the
// transaction of the write and under the group node's lock, so a group's links are always its chain. A conversation
// at a time, not a memory: a seek for each new memory through the batch's own uncommitted writes cost ingest a
// quarter of its throughput.
UNWIND $ids AS id
MATCH (m:Memory {groupId: $groupId, id: id})
WITH coalesce(m.sessionId, '') AS conversation, min(m.ts) AS first, max(m.ts) AS last
CALL (conversation, first, last) {
  MATCH (t:Memory {groupId: $groupId})
  USING INDEX SEEK t:Memory(groupId, ts)
  WHERE t.ts >= first AND t.ts <= last AND coalesce(t.sessionId, '') = conversation
  WITH t
  ORDER BY t.ts, t.id
  RETURN collect(t) AS span
}
OPTIONAL CALL (conversation, first) {
  MATCH (p:Memory {groupId: $groupId})
  USING INDEX SEEK p:Memory(groupId, ts)
  WHERE p.ts >= first - duration({minutes: $horizonMinutes}) AND p.ts < first
    AND coalesce(p.sessionId, '') = conversation
  RETURN p
  ORDER BY p.groupId DESC, p.ts DESC, p.id DESC
  LIMIT 1
}
OPTIONAL CALL (conversation, last) {
  MATCH (n:Memory {groupId: $groupId})
  USING INDEX SEEK n:Memory(groupId, ts)
  WHERE n.ts > last AND n.ts <= last + duration({minutes: $horizonMinutes})
    AND coalesce(n.sessionId, '') = conversation
  RETURN n
  ORDER BY n.groupId, n.ts, n.id
  LIMIT 1
}
WITH [node IN [p] WHERE node IS NOT NULL] + span + [node IN [n] WHERE node IS NOT NULL] AS chain
CALL (chain) {
  UNWIND range(0, size(chain) - 2) AS i
  WITH chain[i] AS a, chain[i + 1] AS b
  WITH a, b, b.ts <= a.ts + duration({minutes: $horizonMinutes}) AS near
  CALL (a, b, near) {
    MATCH (a)-[link:NEXT_TURN]->(other)
    WHERE NOT (near AND other = b)
    DELETE link
  }
  FOREACH (_ IN CASE WHEN near THEN [1] ELSE [] END | MERGE (a)-[:NEXT_TURN]->(b))
}
RETURN count(*) AS conversations
