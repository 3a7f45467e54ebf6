// Session summaries that may absorb new memories: the time-based sessions whose span comes within the idle gap of
// the new memories' time range, and the latest part of each named session the new memories name.
// The time test seeks the (groupId, level, endsAt) index: a group's sessions that end after the new memories begin
// are few, those that start before they end are all of them. The named sessions are looked up one key at a time by
// the (groupId, sessionKey) index, and not at all when there are none: a named session's first part is keyed by its
// sessionId, a later part (past the bounds of one session, domain/sessions.ts) by `<sessionId>@<instant>`, so the
// prefix finds them all and the latest start wins.
// Planned once and kept (replan=skip): both branches are hinted seeks, so the plan does not depend on the
// statistics; planning it again after they moved cost a daily cycle 83 ms.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (s:Summary {groupId: request.groupId, level: 'session'})
  USING INDEX SEEK s:Summary(groupId, level, endsAt)
  WHERE s.endsAt >= datetime(request.from) - duration({minutes: $gapMinutes})
    AND s.startsAt <= datetime(request.to) + duration({minutes: $gapMinutes})
    AND s.explicit = false
  RETURN s, null AS sessionId
  UNION
  UNWIND request.explicitKeys AS key
  CALL (request, key) {
    // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
    // the group (see ingest/find-memories.cypher).
    MATCH (s:Summary {groupId: request.groupId, level: 'session'})
    USING INDEX SEEK s:Summary(groupId, sessionKey)
    WHERE s.sessionKey STARTS WITH key AND (s.sessionKey = key OR s.sessionKey STARTS WITH key + '@')
    RETURN s
    ORDER BY s.startsAt DESC
    LIMIT 1
  }
  RETURN s, key AS sessionId
}
RETURN request.index AS request, s.sessionKey AS key, s.startsAt AS startsAt, s.endsAt AS endsAt,
       s.explicit AS explicit, s.messageCount AS messageCount, coalesce(sessionId, s.sessionKey) AS sessionId
