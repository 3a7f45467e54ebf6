// Writes re-embedded era vectors into the slot being filled ($targetKey), to the era as it was read (its version).
UNWIND $rows AS row
MATCH (e:Era {id: row.id})
WHERE e.version = row.version
CALL db.create.setNodeVectorProperty(e, $targetKey, row.vector)
RETURN count(e) AS written
