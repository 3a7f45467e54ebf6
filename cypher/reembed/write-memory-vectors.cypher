// Writes a page of re-embedded memory vectors into the slot being filled ($targetKey). A memory deleted meanwhile
// (its group, or pruning) is passed over.
UNWIND $rows AS row
MATCH (m:Memory {groupId: $groupId, id: row.id})
USING INDEX SEEK m:Memory(groupId, id)
CALL db.create.setNodeVectorProperty(m, $targetKey, row.vector)
RETURN count(m) AS written
