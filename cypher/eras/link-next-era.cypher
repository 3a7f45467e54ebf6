// The era chain: each era points to the next one, and nothing else.
// Planned once and kept (replan=skip): a hinted seek on the group's eras and links between nodes already bound, so
// the plan does not depend on the statistics; planning it again after they moved cost a daily cycle 68-81 ms.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (e:Era {groupId: request.groupId})
  USING INDEX SEEK e:Era(groupId)
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
