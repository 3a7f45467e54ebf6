// Strata · the memories under one summary: every SUMMARIZES path from it down to the words actually said.
// Picture: the summary, the summaries between (week, day) and the first 100 memories in time order.
// Works for any level: a session or day reaches its memories in one step, a month in three.
// Run first:
//   :param summaryId => 'demo-1:week:2024-03-04'
MATCH (s:Summary {id: $summaryId})
MATCH path = (s)-[:SUMMARIZES*1..4]->(m:Memory)
RETURN path
ORDER BY m.ts
LIMIT 100
