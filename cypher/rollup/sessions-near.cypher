// Session summaries that may absorb new memories: those whose span comes within the idle gap of the
// new memories' time range, and explicit sessions named by the new memories.
// The time test seeks the (groupId, level, endsAt) index: a group's sessions that end after the new memories begin
// are few, those that start before they end are all of them. The named sessions are looked up one key at a time,
// and not at all when there are none.
CALL () {
  MATCH (s:Summary {groupId: $groupId, level: 'session'})
  USING INDEX SEEK s:Summary(groupId, level, endsAt)
  WHERE s.endsAt >= datetime($from) - duration({minutes: $gapMinutes})
    AND s.startsAt <= datetime($to) + duration({minutes: $gapMinutes})
  RETURN s
  UNION
  UNWIND $explicitKeys AS key
  // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
  // the group (see ingest/find-memories.cypher).
  MATCH (s:Summary {groupId: $groupId, level: 'session'})
  USING INDEX SEEK s:Summary(groupId, sessionKey)
  WHERE s.sessionKey = key
  RETURN s
}
RETURN s.sessionKey AS key, s.startsAt AS startsAt, s.endsAt AS endsAt, s.explicit AS explicit
