// Second step of deleting a group: everything it owns, label by label (each lookup by an indexed groupId), in
// batches so a large group does not need one huge transaction.
CALL () {
  MATCH (n:Memory {groupId: $groupId}) RETURN n
  UNION ALL
  MATCH (n:Summary {groupId: $groupId}) RETURN n
  UNION ALL
  MATCH (n:Era {groupId: $groupId}) RETURN n
  UNION ALL
  MATCH (n:Topic {groupId: $groupId}) RETURN n
  UNION ALL
  MATCH (n:Entity {groupId: $groupId}) RETURN n
  UNION ALL
  MATCH (n:Term {groupId: $groupId}) WHERE n.term IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:AggregationRun {groupId: $groupId}) RETURN n
}
CALL (n) {
  DETACH DELETE n
} IN TRANSACTIONS OF 5000 ROWS
