// Settled days and weeks (parentPending false) without exactly one parent of the right period: a day's week is
// the ISO week holding it, a week's month is the month holding its Thursday.
MATCH (s:Summary {groupId: $groupId})
WHERE s.level IN ['day', 'week'] AND s.parentPending = false
WITH s, COUNT {
    MATCH (p:Summary {groupId: $groupId})-[:SUMMARIZES]->(s)
    WHERE (s.level = 'day' AND p.level = 'week' AND p.periodStart = date.truncate('week', s.periodStart))
       OR (s.level = 'week' AND p.level = 'month'
           AND p.periodStart = date.truncate('month', s.periodStart + duration({days: 3})))
  } AS parents
WHERE parents <> 1
RETURN s.level AS level, count(s) AS count, collect(s.id)[..5] AS examples
