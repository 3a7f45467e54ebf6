// Strata · the memories under one summary: every SUMMARIZES path from it down to the words actually said.
// Picture: the summary, the summaries between (week, day) and the first 100 memories in time order.
// Works for any level: a session or day reaches its memories in one step, a month in three.
// Leave summaryId null for the group's latest week, or set it to a summary id (group-timeline shows them).
// Run first:
//   :param groupId => 'demo-1'
//   :param summaryId => null
MATCH (s:Summary {groupId: $groupId})
WHERE ($summaryId IS NULL AND s.level = 'week') OR s.id = $summaryId
WITH s
ORDER BY s.periodStart DESC
LIMIT 1
MATCH path = (s)-[:SUMMARIZES*1..4]->(m:Memory)
RETURN path
ORDER BY m.ts
LIMIT 100
