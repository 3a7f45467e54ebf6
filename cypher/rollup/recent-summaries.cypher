// The group's latest summaries at one level: background for distinctive topics, and the typical message count.
MATCH (s:Summary {groupId: $groupId, level: $level})
// Every summary has a start: the condition lets the (groupId, level, startsAt) index serve the match and the order.
WHERE s.startsAt IS NOT NULL
RETURN s.text AS text, s.messageCount AS messageCount
ORDER BY s.startsAt DESC
LIMIT toInteger($limit)
