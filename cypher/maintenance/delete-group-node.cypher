// First step of deleting a group: its node and its cycle lease. A cycle's write transaction holds the group node's
// lock (jobs/hold-group), so this waits for one in flight, and every later one finds no group and writes nothing.
OPTIONAL MATCH (l:CycleLease {id: $groupId})
DETACH DELETE l
WITH count(*) AS _
OPTIONAL MATCH (g:Group {id: $groupId})
DETACH DELETE g
