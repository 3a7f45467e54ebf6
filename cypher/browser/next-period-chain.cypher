// Strata · one level's NEXT_PERIOD chain for a group, oldest first (the latest 60 periods).
// Picture: the summaries of that level as one simple path; the caption on each link is the gap in days.
// level is one of 'session', 'day', 'week', 'month', or 'era' for the era chain.
// Run first:
//   :param groupId => 'demo-1'
//   :param level => 'week'
// A level's summaries newest first from the (groupId, level, startsAt) index, which hands them over in that order
// when the ORDER BY names its own properties, so only the latest 60 are read (a group's eras are few).
CALL () {
  MATCH (s:Summary {groupId: $groupId, level: $level})
  USING INDEX SEEK s:Summary(groupId, level, startsAt)
  WHERE s.startsAt IS NOT NULL
  WITH s
  ORDER BY s.groupId DESC, s.level DESC, s.startsAt DESC
  LIMIT 60
  RETURN s
  UNION
  MATCH (s:Era {groupId: $groupId})
  WHERE $level = 'era'
  WITH s
  ORDER BY s.startsAt DESC
  LIMIT 60
  RETURN s
}
WITH s
OPTIONAL MATCH (s)-[link:NEXT_PERIOD]->(next)
RETURN s AS period, link, next
ORDER BY period.startsAt
