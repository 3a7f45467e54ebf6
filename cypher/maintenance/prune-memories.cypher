// Removes the originals of prunable-memories (read by the same seek), in batches. The summaries above each one
// count it in prunedMemories, so a summary's messageCount still equals what it covers (strata verify checks it).
// Each batch takes the group node's lock first, as every write of a cycle does (jobs/hold-group): a delete of the
// group waits for it, locks are taken in the delete's order, and a batch after the delete finds no group and
// deletes nothing.
MATCH (m:Memory {groupId: $groupId})
USING INDEX SEEK m:Memory(groupId, ingestedAt)
WHERE m.ingestedAt < datetime($cutoff) AND NOT coalesce(m.dayPending, false)
  AND NOT coalesce(m.sessionPending, false)
  AND EXISTS { MATCH (:Summary {level: 'day'})-[:SUMMARIZES]->(m) }
CALL (m) {
  MATCH (g:Group {id: $groupId})
  SET g.lastCycleWriteAt = datetime()
  WITH m
  CALL (m) {
    MATCH (s:Summary)-[:SUMMARIZES]->(m)
    SET s.prunedMemories = coalesce(s.prunedMemories, 0) + 1
  }
  DETACH DELETE m
} IN TRANSACTIONS OF 2000 ROWS
