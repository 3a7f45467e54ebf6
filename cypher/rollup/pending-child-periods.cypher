// Period starts of the summaries at $level not yet rolled into their parent.
MATCH (s:Summary {groupId: $groupId, level: $level})
WHERE s.parentPending = true
RETURN DISTINCT toString(s.periodStart) AS periodStart
