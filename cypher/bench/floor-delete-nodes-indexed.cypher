// Removing the indexed floor, second step: up to $limit of the summaries of its throwaway group
// (rollup-floor-indexed.cypher), in one transaction; run again until it deletes none. Their relationships went
// first (floor-delete-links.cypher).
MATCH (f:Summary {groupId: $floorGroup})
WITH f
LIMIT toInteger($limit)
DETACH DELETE f
RETURN count(*) AS deleted
