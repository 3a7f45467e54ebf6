// Removes the summaries of the indexed floor's throwaway group (rollup-floor-indexed.cypher), in bounded
// transactions.
MATCH (f:Summary {groupId: $floorGroup})
CALL (f) {
  DETACH DELETE f
} IN TRANSACTIONS OF 1000 ROWS
