// The standing layers of a group's context: its current era, latest month, two latest weeks, three latest days.
// Every summary has a period: the IS NOT NULL tests let the (groupId, level, periodStart) index serve each level's
// match, and ordering by the index's own properties lets it hand the rows over newest first, so each level reads
// as many as it returns. Ordered by periodStart alone, the planner read all of a level to sort it (every day of
// the group for the three latest).
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
    USING INDEX SEEK s:Summary(groupId, level, periodStart)
    WHERE s.periodStart IS NOT NULL
    RETURN {periodStart: toString(s.periodStart), text: s.text}
    ORDER BY s.groupId DESC, s.level DESC, s.periodStart DESC
    LIMIT 1
  } AS months,
  COLLECT {
    MATCH (s:Summary {groupId: $groupId, level: 'week'})
    USING INDEX SEEK s:Summary(groupId, level, periodStart)
    WHERE s.periodStart IS NOT NULL
    RETURN {periodStart: toString(s.periodStart), text: s.text}
    ORDER BY s.groupId DESC, s.level DESC, s.periodStart DESC
    LIMIT 2
  } AS weeks,
  COLLECT {
    MATCH (s:Summary {groupId: $groupId, level: 'day'})
    USING INDEX SEEK s:Summary(groupId, level, periodStart)
    WHERE s.periodStart IS NOT NULL
    RETURN {periodStart: toString(s.periodStart), text: s.text}
    ORDER BY s.groupId DESC, s.level DESC, s.periodStart DESC
    LIMIT 3
  } AS days
