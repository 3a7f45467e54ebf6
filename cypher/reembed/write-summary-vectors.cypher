// Writes a page of re-embedded summary vectors into the slot being filled: the recall vector ($targetKey) and the
// content vector ($targetContentKey) where the row has them, to the summary as it was read (its version).
UNWIND $rows AS row
MATCH (s:Summary {id: row.id})
WHERE s.version = row.version
CALL (s, row) {
  WITH s, row
  WHERE row.vector IS NOT NULL
  CALL db.create.setNodeVectorProperty(s, $targetKey, row.vector)
}
CALL (s, row) {
  WITH s, row
  WHERE row.contentVector IS NOT NULL
  CALL db.create.setNodeVectorProperty(s, $targetContentKey, row.contentVector)
}
RETURN count(s) AS written
