// The memories of several session summaries of one group, one row each, in no order: what entities are read from.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND range(0, size($batch.requests) - 1) AS request
WITH request, $batch.requests[request].groupId AS groupId
UNWIND $batch.requests[request].summaryIds AS summaryId
MATCH (s:Summary {id: summaryId})
USING INDEX SEEK s:Summary(id)
WHERE s.groupId = groupId
MATCH (s)-[:SUMMARIZES]->(m:Memory)
RETURN request, summaryId, m.text AS text, m.speaker AS speaker
