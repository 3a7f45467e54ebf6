// A group's day summaries in time order: the series eras are found on. Every day with content has one (archived
// ones too), so the series spans the whole history. Texts and content vectors only from $contentFrom on (the
// current era's start; null: all): older days serve only as the background that era themes are contrasted with
// (their topics, speakers and counts), and a long history's texts would cross the wire every cycle for nothing.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
  // the group (see ingest/find-memories.cypher).
  MATCH (s:Summary {groupId: request.groupId, level: 'day'})
  USING INDEX SEEK s:Summary(groupId, level, periodStart)
  // Every summary has a period: the condition lets the (groupId, level, periodStart) index serve the match and the
  // order.
  WHERE s.periodStart IS NOT NULL
  RETURN toString(s.periodStart) AS day, s.messageCount AS messageCount,
         CASE WHEN request.contentFrom IS NULL OR s.periodStart >= date(request.contentFrom) THEN s.text END AS text,
         s.topics AS topics, s.topicWeights AS topicWeights, s.activeUsers AS activeUsers,
         CASE
           WHEN request.contentFrom IS NULL OR s.periodStart >= date(request.contentFrom)
             THEN coalesce(s[$contentVectorKey], s[$vectorKey])
         END AS embedding
  ORDER BY s.periodStart
}
RETURN request.index AS request, day, messageCount, text, topics, topicWeights, activeUsers,
       embedding
