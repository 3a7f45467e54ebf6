// Deletes a batch of originals that prunable-page read in this transaction, under the group node's lock. The
// summaries above each one count it in prunedMemories, so a summary's messageCount still equals what it covers
// (strata verify checks it). Returns the memories left beside the deleted ones in their conversations, which
// turns/relink.cypher links again (graph/turns.ts), read before the deletes take their links.
UNWIND $ids AS id
MATCH (m:Memory {groupId: $groupId, id: id})
CALL (m) {
  MATCH (s:Summary)-[:SUMMARIZES]->(m)
  SET s.prunedMemories = coalesce(s.prunedMemories, 0) + 1
}
WITH collect(m) AS pruned
CALL (pruned) {
  UNWIND pruned AS m
  MATCH (m)-[:NEXT_TURN]-(beside:Memory)
  WHERE NOT beside IN pruned
  RETURN collect(DISTINCT beside.id) AS besides
}
FOREACH (m IN pruned | DETACH DELETE m)
RETURN besides
