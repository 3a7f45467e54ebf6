// Deletes a batch of originals that prunable-page read in this transaction, under the group node's lock. The
// summaries above each one count it in prunedMemories, so a summary's messageCount still equals what it covers
// (strata verify checks it).
UNWIND $ids AS id
MATCH (m:Memory {groupId: $groupId, id: id})
CALL (m) {
  MATCH (s:Summary)-[:SUMMARIZES]->(m)
  SET s.prunedMemories = coalesce(s.prunedMemories, 0) + 1
}
DETACH DELETE m
