// Period starts of the summaries at $level not yet rolled into their parent, oldest first, one row per summary, the
// oldest $limit of them: a page of the level's backlog.
MATCH (s:Summary {groupId: $groupId, level: $level})
WHERE s.parentPending = true
RETURN toString(s.periodStart) AS periodStart
ORDER BY s.periodStart
LIMIT toInteger($limit)
