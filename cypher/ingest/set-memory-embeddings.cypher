// Vectors go through the procedure, which stores them as compact float32 arrays rather than a list of doubles.
UNWIND $rows AS row
MATCH (m:Memory {groupId: $groupId, id: row.id})
CALL db.create.setNodeVectorProperty(m, 'embedding', row.embedding)
