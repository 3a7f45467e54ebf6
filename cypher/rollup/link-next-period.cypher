// Rebuilds one level's NEXT_PERIOD chain for a group: each summary points to the next existing one, so the level
// is one simple path that Browser users can walk. A link to anything but the next summary (one was added between,
// or the next was pruned) is removed. With $from (an instant), only the part from the last summary that starts
// before it is rebuilt: a cycle that wrote the summaries starting at $from or later changed nothing earlier, and
// an incremental cycle then relinks a few summaries instead of the whole level. $from null rebuilds all of it.
// Both reads seek the (groupId, level, startsAt) index rather than filter every summary of the group; with $from
// null the bound is the earliest instant Neo4j knows, so one plan serves both cases. The last summary before $from is
// the first entry of the index going back from $from (the ORDER BY names the index's own properties, so the index
// hands it over first and the read stops there): max() over the level read every earlier summary, 22,800 sessions
// of a million-memory group for a day's relink.
// Planned once and kept (replan=skip): both reads are hinted seeks and the links join nodes already bound, so the
// plan does not depend on the statistics; planning it again after they moved cost a daily cycle 134 ms.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  CALL (request) {
    OPTIONAL MATCH (before:Summary {groupId: request.groupId, level: request.level})
    USING INDEX SEEK before:Summary(groupId, level, startsAt)
    WHERE before.startsAt < datetime(request.from)
    WITH before.startsAt AS latest
    ORDER BY before.groupId DESC, before.level DESC, latest DESC
    LIMIT 1
    RETURN CASE
      WHEN request.from IS NULL THEN datetime('-999999999-01-01T00:00:00Z')
      ELSE coalesce(latest, datetime(request.from))
    END AS chainStart
  }
  // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
  // the group (see ingest/find-memories.cypher).
  MATCH (s:Summary {groupId: request.groupId, level: request.level})
  USING INDEX SEEK s:Summary(groupId, level, startsAt)
  WHERE s.startsAt >= chainStart
  WITH s
  ORDER BY s.startsAt, s.id
  WITH collect(s) AS chain
  CALL (chain) {
    UNWIND range(0, size(chain) - 2) AS i
    WITH chain[i] AS a, chain[i + 1] AS b
    MERGE (a)-[r:NEXT_PERIOD]->(b)
    SET r.gapDays = duration.inDays(a.periodStart, b.periodStart).days
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
