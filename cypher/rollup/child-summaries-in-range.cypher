// The summaries at $level whose period starts in [from, to): the children of one week or month.
MATCH (s:Summary {groupId: $groupId, level: $level})
WHERE s.periodStart >= date($from) AND s.periodStart < date($to)
RETURN s.id AS id, s.text AS text, toString(s.periodStart) AS periodStart, s.messageCount AS messageCount,
       s.activeUsers AS activeUsers, s.activeUserCounts AS activeUserCounts
ORDER BY s.periodStart
