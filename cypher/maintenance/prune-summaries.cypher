// Removes decayed summaries that a parent covers. Their children are re-attached to those parents first,
// so every memory and summary stays reachable from the layers above it.
UNWIND $ids AS id
MATCH (s:Summary {id: id})
CALL (s) {
  MATCH (parent)-[:SUMMARIZES]->(s)-[:SUMMARIZES]->(child)
  MERGE (parent)-[:SUMMARIZES]->(child)
}
DETACH DELETE s
RETURN count(*) AS pruned
