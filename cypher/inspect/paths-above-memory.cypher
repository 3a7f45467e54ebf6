// Every path down to one memory from a summary or era above it, top first, each walked in full: what recall
// rebuilds from the links recall/lexical-search.cypher returns, for tests to check it against.
// Hinted: planned on an empty database, the planner would take the groupId index and read every node of
// the group (see ingest/find-memories.cypher).
MATCH up = (m:Memory {groupId: $groupId, id: $memoryId})<-[:SUMMARIZES*1..4]-(:Summary|Era)
USING INDEX SEEK m:Memory(groupId, id)
RETURN reverse([x IN nodes(up) | x.id]) AS path
