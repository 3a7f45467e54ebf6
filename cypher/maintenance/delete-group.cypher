// Removes everything a group owns, in batches so a large group does not need one huge transaction.
MATCH (n {groupId: $groupId})
CALL (n) {
  DETACH DELETE n
} IN TRANSACTIONS OF 5000 ROWS
