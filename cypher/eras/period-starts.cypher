// The start dates of one level's summaries of a group, in order: all the era step needs of the weeks to tell
// whether an era gained one. The (groupId, level, periodStart) index holds every value read, so no node is read.
MATCH (s:Summary {groupId: $groupId, level: $level})
WHERE s.periodStart IS NOT NULL
RETURN toString(s.periodStart) AS periodStart
ORDER BY s.periodStart
