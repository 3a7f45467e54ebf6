// A batch of the originals that prune-memories deletes in the same transaction: those prunable-memories counts, by the
// same seek, oldest stored first from where the last batch ended ($afterAt, its last ingestedAt as Neo4j writes it,
// and $afterId), so a memory the conditions keep is read once, not by every batch, and a batch reads about what it
// returns (in the index's order, stopping at $limit). With each, what the group's term statistics need
// (graph/term-stats.ts): its words, and whether the counts hold it yet (the counting rule).
// The group node's lock comes first, as every write of a cycle takes it (jobs/hold-group): a delete of the group waits
// for it, and a batch after the delete finds no group and reads nothing. The group's termCursor is read under that
// lock, so no count of the group moves it while the batch runs.
MATCH (g:Group {id: $groupId})
SET g.lastCycleWriteAt = datetime()
WITH g
CALL (g) {
  MATCH (m:Memory {groupId: $groupId})
  USING INDEX SEEK m:Memory(groupId, ingestedAt)
  WHERE datetime($afterAt) <= m.ingestedAt < datetime($cutoff)
    // Not an OR, which the planner splits into two seeks whose union loses the index's order.
    AND CASE WHEN m.ingestedAt = datetime($afterAt) THEN m.id > $afterId ELSE true END
    AND NOT coalesce(m.dayPending, false) AND NOT coalesce(m.sessionPending, false)
    AND EXISTS { MATCH (:Summary {level: 'day'})-[:SUMMARIZES]->(m) }
  WITH m
  ORDER BY m.groupId, m.ingestedAt, m.id
  LIMIT toInteger($limit)
  RETURN m
}
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, toString(m.ingestedAt) AS ingestedAt,
       g.termCursor IS NULL OR m.id <= g.termCursor AS counted
