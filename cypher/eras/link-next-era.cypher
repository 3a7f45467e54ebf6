// The era chain: each era points to the next one, and nothing else.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (e:Era {groupId: request.groupId})
  WITH e
  ORDER BY e.start
  WITH collect(e) AS chain
  CALL (chain) {
    UNWIND range(0, size(chain) - 2) AS i
    WITH chain[i] AS a, chain[i + 1] AS b
    MERGE (a)-[r:NEXT_PERIOD]->(b)
    SET r.gapDays = duration.inDays(a.end, b.start).days
  }
  CALL (chain) {
    UNWIND range(0, size(chain) - 1) AS i
    WITH chain[i] AS a, chain[i + 1] AS next
    MATCH (a)-[r:NEXT_PERIOD]->(b)
    WHERE next IS NULL OR b <> next
    DELETE r
  }
  RETURN size(chain) AS length
}
RETURN request.index AS request, length
