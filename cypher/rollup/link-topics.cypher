// (summary)-[:MENTIONS {weight}]->(topic): one Topic node per group and normalised name, so drift is plain Cypher. A
// regenerated summary replaces its mentions. One row per summary: {summaryId, topics}. One plan, made once: every
// node is found by a seek on a unique key (hinted, so that no statistics make it a scan), so the plan depends neither
// on the statistics (replan=skip keeps it as they change) nor on the number of rows, which come inside a map
// ($batch.requests, each with its rows) so that every batch size shares it (see graph/rollups.ts writeSummaries).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
UNWIND request.rows AS row
MATCH (s:Summary {id: row.summaryId})
USING INDEX SEEK s:Summary(id)
OPTIONAL MATCH (s)-[old:MENTIONS]->(:Topic)
DELETE old
WITH DISTINCT s, row
UNWIND row.topics AS topic
MERGE (t:Topic {id: topic.id})
ON CREATE SET t.groupId = s.groupId, t.name = topic.name
MERGE (s)-[m:MENTIONS]->(t)
SET m.weight = topic.weight
