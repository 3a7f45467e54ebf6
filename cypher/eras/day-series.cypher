// A group's day summaries from $from (null: the first) to before $to (null: the last), in time order: the series
// eras are found on. Every day with content has one (archived ones too). The era step reads the current era's days
// with their texts and content vectors, and the days before it only when it has to rebuild their background
// (domain/era-background.ts): without content, as only their topics, speakers and counts serve there.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
  // the group (see ingest/find-memories.cypher). Open bounds are the first and last dates Neo4j knows, so the
  // index serves the range and the order whether or not the request bounds the series.
  MATCH (s:Summary {groupId: request.groupId, level: 'day'})
  USING INDEX SEEK s:Summary(groupId, level, periodStart)
  WHERE s.periodStart >= coalesce(date(request.from), date('-999999999-01-01'))
    AND s.periodStart < coalesce(date(request.to), date('+999999999-12-31'))
  RETURN toString(s.periodStart) AS day, s.messageCount AS messageCount,
         CASE WHEN request.withContent THEN s.text END AS text,
         s.topics AS topics, s.topicWeights AS topicWeights, s.activeUsers AS activeUsers,
         CASE WHEN request.withContent THEN coalesce(s[$contentVectorKey], s[$vectorKey]) END AS embedding
  ORDER BY s.periodStart
}
RETURN request.index AS request, day, messageCount, text, topics, topicWeights, activeUsers,
       embedding
