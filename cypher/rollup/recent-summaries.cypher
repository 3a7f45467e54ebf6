// The group's latest summaries at one level: background for distinctive topics, and the typical message count.
MATCH (s:Summary {groupId: $groupId, level: $level})
RETURN s.text AS text, s.messageCount AS messageCount
ORDER BY s.periodStart DESC, s.startsAt DESC
LIMIT toInteger($limit)
