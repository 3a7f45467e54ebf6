// Strata · one entity over the months (table): per month (the month its sessions start in, group time zone), how
// often it was mentioned, in how many sessions, by how many speakers, and what it came up with most that month.
// Leave entity null for the group's most mentioned entity, or give a name or an alias (any case): 'Lisbon'.
// Run first:
//   :param groupId => 'demo-1'
//   :param entity => null
CALL () {
  MATCH (e:Entity {groupId: $groupId})
  WHERE $entity IS NULL OR toLower(e.name) = toLower(trim($entity))
    OR any(alias IN e.aliases WHERE toLower(alias) = toLower(trim($entity)))
  RETURN e
  ORDER BY e.mentions DESC, e.id
  LIMIT 1
}
MATCH (s:Summary)-[m:MENTIONS_ENTITY]->(e)
WITH e, left(toString(s.periodStart), 7) AS month, sum(m.count) AS mentions, count(s) AS sessions,
     collect(s) AS monthSessions
CALL (e, monthSessions) {
  UNWIND monthSessions AS s
  MATCH (s)-[:MENTIONS_ENTITY]->(o:Entity)
  WHERE o <> e
  WITH o, count(*) AS together
  ORDER BY together DESC, o.name
  LIMIT 3
  RETURN collect(o.name) AS cameUpWith
}
CALL (monthSessions) {
  UNWIND monthSessions AS s
  UNWIND s.activeUsers AS speaker
  RETURN count(DISTINCT speaker) AS speakers
}
RETURN e.name AS entity, e.kind AS kind, month, mentions, sessions, speakers, cameUpWith
ORDER BY month
