// Adds memories to a group's term statistics (graph/term-stats.ts): each key's count grows by how many of them hold
// it. The caller holds the group node's lock, so no other writer of the group's counts runs beside it.
UNWIND $terms AS row
MERGE (t:Term {groupId: $groupId, term: row.term})
ON CREATE SET t.memories = row.memories
ON MATCH SET t.memories = t.memories + row.memories
