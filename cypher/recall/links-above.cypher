// The SUMMARIZES links above the memories $ids of the group (each [parent id, child id]), each link once, since
// memories share their days, weeks and months; their own parents come among the links. graph/recall.ts rebuilds
// from them the path down from every summary or era above each memory. Read only when a summary or era ranks
// (recall/recall.ts expandRanked): its details are the memory candidates beneath it.
// Hinted: planned on an empty database, the planner would take the groupId index and read every node of
// the group (see ingest/find-memories.cypher).
// Planned once and kept (replan=skip): a hinted seek, then walks from what it finds (see recall/lexical-search.cypher).
CYPHER replan=skip
UNWIND $ids AS id
MATCH (c:Memory {groupId: $groupId, id: id})
USING INDEX SEEK c:Memory(groupId, id)
MATCH up = (c)<-[:SUMMARIZES*1..4]-()
UNWIND relationships(up) AS link
WITH DISTINCT link
RETURN collect([startNode(link).id, endNode(link).id]) AS links
