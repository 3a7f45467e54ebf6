// Takes memories out of a group's term statistics (graph/term-stats.ts): each key's count shrinks by how many of
// them held it, and a key that no memory holds any more loses its node (recall reads a missing key as held by none).
// The caller holds the group node's lock, so no other writer of the group's counts runs beside it.
UNWIND $terms AS row
MATCH (t:Term {groupId: $groupId, term: row.term})
SET t.memories = t.memories - row.memories
WITH t
WHERE t.memories <= 0
DELETE t
