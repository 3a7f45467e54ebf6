// (summary)-[:MENTIONS {weight}]->(topic): one Topic node per group and normalised name, so drift is plain Cypher. A
// regenerated summary replaces its mentions. One row per summary: {summaryId, topics}. One plan, made once: every
// node is found by a seek on a unique key (hinted, so that no statistics make it a scan), so the plan depends neither
// on the statistics (replan=skip keeps it as they change) nor on the number of rows, which come inside a map
// ($batch.requests, each with its rows) so that every batch size shares it (see graph/rollups.ts writeSummaries).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND range(0, size($batch.requests) - 1) AS request
// Unwound by position, each request's long list straight from the parameter: a row never holds a request (every
// session, period or row of the call), which Neo4j counts against the transaction's memory on every row that still
// has it in a slot, dropped by a WITH or not (a 200,000-memory group's first read of sessions went over the limit).
UNWIND $batch.requests[request].rows AS row
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
