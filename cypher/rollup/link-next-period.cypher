// Rebuilds one level's NEXT_PERIOD chain for a group: each summary points to the next existing one, so the level
// is one simple path that Browser users can walk. A link to anything but the next summary (one was added between,
// or the next was pruned) is removed.
MATCH (s:Summary {groupId: $groupId, level: $level})
WITH s
ORDER BY s.startsAt, s.id
WITH collect(s) AS chain
CALL (chain) {
  UNWIND range(0, size(chain) - 2) AS i
  WITH chain[i] AS a, chain[i + 1] AS b
  MERGE (a)-[r:NEXT_PERIOD]->(b)
  SET r.gapDays = duration.inDays(a.periodStart, b.periodStart).days
}
CALL (chain) {
  UNWIND range(0, size(chain) - 1) AS i
  WITH chain[i] AS a, chain[i + 1] AS next
  MATCH (a)-[r:NEXT_PERIOD]->(b)
  WHERE next IS NULL OR b <> next
  DELETE r
}
RETURN size(chain) AS length
