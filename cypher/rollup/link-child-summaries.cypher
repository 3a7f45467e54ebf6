// (week)-[:SUMMARIZES]->(day) or (month)-[:SUMMARIZES]->(week); the children are no longer pending. One row per
// parent: {summaryId, childIds}. One plan, made once: every node is found by a seek on a unique key (hinted, so that
// no statistics make it a scan), so the plan depends neither on the statistics (replan=skip keeps it as they change)
// nor on the number of rows, which come inside a map ($batch.requests, each with its rows) so that every batch size
// shares it (see graph/rollups.ts writeSummaries). Serves many requests in one run (graph/request-batches.ts): the
// cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
UNWIND request.rows AS row
MATCH (s:Summary {id: row.summaryId})
USING INDEX SEEK s:Summary(id)
UNWIND row.childIds AS childId
MATCH (c:Summary {id: childId})
USING INDEX SEEK c:Summary(id)
MERGE (s)-[:SUMMARIZES]->(c)
SET c.parentPending = false
RETURN request.index AS request, count(c) AS linked
