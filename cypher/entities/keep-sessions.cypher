// Sessions whose entities stay as they are linked (a session whose originals were pruned, see
// pending-sessions.cypher): no longer pending, nothing else changes.
UNWIND $summaryIds AS summaryId
MATCH (s:Summary {id: summaryId})
USING INDEX SEEK s:Summary(id)
WHERE s.groupId = $groupId
REMOVE s.entitiesPending
