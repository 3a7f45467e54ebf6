// A page of a group's periods of one level, from $from (null: the first) to before $to (null: the last), at most
// $periods, oldest first; for each, how many sessions start in it and the $top entities they name most (most
// mentions first, ties by id), with the mentions of all its entities together. A session belongs to the period
// its start falls in: its periodStart is the local day it starts, as a day's or a week's is. A period's sessions
// are read through the (groupId, level, periodStart) index, so a page costs what its periods hold, never the group.
MATCH (p:Summary {groupId: $groupId, level: $level})
USING INDEX SEEK p:Summary(groupId, level, periodStart)
WHERE p.periodStart >= coalesce(date($from), date('-999999999-01-01'))
  AND p.periodStart < coalesce(date($to), date('+999999999-12-31'))
WITH p
// In the index's own order (group, level, start), so the page stops at its last period.
ORDER BY p.groupId, p.level, p.periodStart
LIMIT toInteger($periods)
CALL (p) {
  MATCH (s:Summary {groupId: $groupId, level: 'session'})
  USING INDEX SEEK s:Summary(groupId, level, periodStart)
  WHERE s.periodStart >= p.periodStart AND s.periodStart <= p.periodEnd
  RETURN collect(s) AS sessions
}
CALL (sessions) {
  UNWIND sessions AS s
  MATCH (s)-[m:MENTIONS_ENTITY]->(e)
  WITH e, sum(m.count) AS mentions, count(m) AS named
  // Checked once an entity, not once a link: a session of the group only ever names the group's entities.
  WHERE e.groupId = $groupId
  ORDER BY mentions DESC, named DESC, e.id
  RETURN collect({id: e.id, name: e.name, kind: e.kind, mentions: mentions, sessions: named}) AS named
}
RETURN toString(p.periodStart) AS periodStart, toString(p.periodEnd) AS periodEnd, size(sessions) AS sessionCount,
       reduce(total = 0, n IN named | total + n.mentions) AS mentionCount, named[0..toInteger($top)] AS entities
ORDER BY periodStart
