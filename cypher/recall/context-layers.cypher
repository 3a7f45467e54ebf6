// The standing layers of a group's context: its current era, latest month, two latest weeks, three latest days.
// Every summary has a period: the IS NOT NULL tests let the (groupId, level, periodStart) index serve each level's
// match and its newest-first order, rather than every summary of the group being read.
RETURN
  COLLECT {
    MATCH (e:Era {groupId: $groupId})
    WHERE e.current = true
    RETURN {theme: e.theme, start: toString(e.start), text: e.text}
    LIMIT 1
  } AS eras,
  COLLECT {
    // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
    // the group (see ingest/find-memories.cypher).
    MATCH (s:Summary {groupId: $groupId, level: 'month'})
    USING INDEX s:Summary(groupId, level, periodStart)
    WHERE s.periodStart IS NOT NULL
    RETURN {periodStart: toString(s.periodStart), text: s.text}
    ORDER BY s.periodStart DESC
    LIMIT 1
  } AS months,
  COLLECT {
    MATCH (s:Summary {groupId: $groupId, level: 'week'})
    USING INDEX s:Summary(groupId, level, periodStart)
    WHERE s.periodStart IS NOT NULL
    RETURN {periodStart: toString(s.periodStart), text: s.text}
    ORDER BY s.periodStart DESC
    LIMIT 2
  } AS weeks,
  COLLECT {
    MATCH (s:Summary {groupId: $groupId, level: 'day'})
    USING INDEX s:Summary(groupId, level, periodStart)
    WHERE s.periodStart IS NOT NULL
    RETURN {periodStart: toString(s.periodStart), text: s.text}
    ORDER BY s.periodStart DESC
    LIMIT 3
  } AS days
