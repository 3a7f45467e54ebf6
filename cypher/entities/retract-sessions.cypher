// First half of linking the entities of sessions (graph/entities.ts writeSessions): what each session contributed
// before is taken back, so that writing it again counts it once. Its co-occurrences (the pairs of its paired
// entities, lower id first) lose one, its entities lose its mentions and one session, and its links go. An entity
// left with no mention is deleted (the second half creates it again when the session still names it).
// One row per session: {summaryId}.
UNWIND range(0, size($batch.requests) - 1) AS request
UNWIND $batch.requests[request].rows AS row
MATCH (s:Summary {id: row.summaryId})
USING INDEX SEEK s:Summary(id)
CALL (s) {
  MATCH (s)-[r1:MENTIONS_ENTITY {paired: true}]->(a:Entity), (s)-[r2:MENTIONS_ENTITY {paired: true}]->(b:Entity)
  WHERE a.id < b.id
  MATCH (a)-[c:CO_OCCURS]->(b)
  SET c.count = c.count - 1
  WITH c
  WHERE c.count <= 0
  DELETE c
}
CALL (s) {
  MATCH (s)-[r:MENTIONS_ENTITY]->(e:Entity)
  SET e.mentions = e.mentions - r.count, e.sessions = e.sessions - 1
  DELETE r
  WITH e
  WHERE e.mentions <= 0
  DETACH DELETE e
}
RETURN request, s.id AS summaryId
