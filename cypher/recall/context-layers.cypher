// What a group's context block may hold besides recall: its current era, latest months, weeks and days, and its
// latest turns, each newest first and as many as the caller asks for ($months, $weeks, $days, $turns); and the
// group's time zone, the calendar its turns' dates are read on.
// Every summary has a period: the IS NOT NULL tests let the (groupId, level, periodStart) index serve each level's
// match, and ordering by the index's own properties lets it hand the rows over newest first, so each level reads
// as many as it returns. Ordered by periodStart alone, the planner read all of a level to sort it (every day of
// the group for the three latest). The latest turns come from the (groupId, ts) index the same way.
// Asked at $asOf (null for now): only what had happened by then, the periods and the era that had ended by then.
// The latest period start worth reading is the day after asOf's (periods start on local dates, a zone ahead of UTC
// included): a bound the (groupId, level, periodStart) index seeks from, so a question asked years back does not walk
// the newer history first; endsAt then keeps the periods that had ended.
WITH datetime($asOf) AS asOf, coalesce(date(datetime($asOf)) + duration({days: 1}), date('9999-12-31')) AS lastStart
RETURN
  COLLECT {
    MATCH (e:Era {groupId: $groupId})
    // One test, not a disjunction: the planner may split an OR into a union that seeks the group's eras twice.
    WHERE CASE WHEN asOf IS NULL THEN e.current = true ELSE e.endsAt <= asOf END
    WITH e
    ORDER BY e.startsAt DESC
    RETURN {id: e.id, theme: e.theme, start: toString(e.start), text: e.text}
    LIMIT 1
  } AS eras,
  COLLECT {
    // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
    // the group (see ingest/find-memories.cypher).
    MATCH (s:Summary {groupId: $groupId, level: 'month'})
    USING INDEX SEEK s:Summary(groupId, level, periodStart)
    WHERE s.periodStart <= lastStart AND (asOf IS NULL OR s.endsAt <= asOf)
    RETURN {id: s.id, periodStart: toString(s.periodStart), text: s.text}
    ORDER BY s.groupId DESC, s.level DESC, s.periodStart DESC
    LIMIT toInteger($months)
  } AS months,
  COLLECT {
    MATCH (s:Summary {groupId: $groupId, level: 'week'})
    USING INDEX SEEK s:Summary(groupId, level, periodStart)
    WHERE s.periodStart <= lastStart AND (asOf IS NULL OR s.endsAt <= asOf)
    RETURN {id: s.id, periodStart: toString(s.periodStart), text: s.text}
    ORDER BY s.groupId DESC, s.level DESC, s.periodStart DESC
    LIMIT toInteger($weeks)
  } AS weeks,
  COLLECT {
    MATCH (s:Summary {groupId: $groupId, level: 'day'})
    USING INDEX SEEK s:Summary(groupId, level, periodStart)
    WHERE s.periodStart <= lastStart AND (asOf IS NULL OR s.endsAt <= asOf)
    RETURN {id: s.id, periodStart: toString(s.periodStart), text: s.text}
    ORDER BY s.groupId DESC, s.level DESC, s.periodStart DESC
    LIMIT toInteger($days)
  } AS days,
  COLLECT {
    MATCH (m:Memory {groupId: $groupId})
    USING INDEX SEEK m:Memory(groupId, ts)
    WHERE m.ts <= coalesce(asOf, datetime('9999-12-31T23:59:59Z'))
    RETURN {id: m.id, text: m.text, speaker: m.speaker, ts: m.ts}
    ORDER BY m.groupId DESC, m.ts DESC
    LIMIT toInteger($turns)
  } AS turns,
  COLLECT {
    MATCH (g:Group {id: $groupId})
    RETURN g.timezone
  }[0] AS timezone
