// The next batch of a group's count of term statistics (graph/term-stats.ts): its memories after the cursor, in id
// order, by a seek on the (groupId, id) uniqueness index that stops at $limit. The group node's lock comes first and
// is held until the batch's counts commit (the write that takes it also says when the count last moved): ingest and
// pruning take it too, so none of them runs between this read and the cursor's move, and the cursor is read under it.
// No row when the group is gone or its count is done.
MATCH (g:Group {id: $groupId})
SET g.termCountedAt = datetime()
WITH g
WHERE g.termCursor IS NOT NULL
CALL (g) {
  MATCH (m:Memory {groupId: $groupId})
  // A seek, not a scan of the whole index (see verify/term-memories-page).
  USING INDEX SEEK m:Memory(groupId, id)
  WHERE m.id > g.termCursor
  WITH m
  ORDER BY m.groupId, m.id
  LIMIT toInteger($limit)
  RETURN collect({id: m.id, text: m.text, speaker: m.speaker}) AS memories
}
RETURN g.termCursor AS cursor, memories
