// How often a page of a group's sessions name each entity: sessions that start on $afterDay or later and before
// $to (local days, as an era's span is), those of $afterDay only with an id above $afterId (the last session of the
// page before; '' on the first page), at most $sessions of them in (periodStart, id) order. One row: how many were
// read, the last one (the next page's cursor), and every entity they name with its mentions and sessions. The
// caller adds the pages up (domain/entity-counts.ts), so a long era is read in bounded pages, not in one go.
MATCH (s:Summary {groupId: $groupId, level: 'session'})
USING INDEX SEEK s:Summary(groupId, level, periodStart)
WHERE s.periodStart >= date($afterDay) AND s.periodStart < date($to)
  AND (s.periodStart > date($afterDay) OR s.id > $afterId)
WITH s
// Sorted as the index holds them (group, level, day), so a page reads its own sessions and stops: the order the
// planner can take from the index, then id within a day.
ORDER BY s.groupId, s.level, s.periodStart, s.id
LIMIT toInteger($sessions)
WITH collect(s) AS page
CALL (page) {
  UNWIND page AS s
  MATCH (s)-[m:MENTIONS_ENTITY]->(e)
  WITH e, sum(m.count) AS mentions, count(m) AS named
  // Checked once an entity, not once a link: a session of the group only ever names the group's entities.
  WHERE e.groupId = $groupId
  RETURN collect({id: e.id, name: e.name, kind: e.kind, mentions: mentions, sessions: named}) AS entities
}
RETURN size(page) AS read, toString(page[-1].periodStart) AS lastDay, page[-1].id AS lastId, entities
