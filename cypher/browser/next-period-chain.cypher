// Strata · one level's NEXT_PERIOD chain for a group, oldest first (the latest 60 periods).
// Picture: the summaries of that level as one simple path; the caption on each link is the gap in days.
// level is one of 'session', 'day', 'week', 'month', or 'era' for the era chain.
// Run first:
//   :param groupId => 'demo-1'
//   :param level => 'week'
CALL () {
  MATCH (s:Summary {groupId: $groupId, level: $level})
  RETURN s
  UNION
  MATCH (s:Era {groupId: $groupId})
  WHERE $level = 'era'
  RETURN s
}
WITH s
ORDER BY s.startsAt DESC
LIMIT 60
OPTIONAL MATCH (s)-[link:NEXT_PERIOD]->(next)
RETURN s AS period, link, next
ORDER BY period.startsAt
