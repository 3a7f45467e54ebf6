// One entity of one group (never another group's, whatever id is asked for): itself, its mentions per month (the
// local month its sessions start in), the $related entities it co-occurs with most, and the latest $sessions
// sessions that name it. No row when the group has no such entity.
MATCH (e:Entity {id: $entityId})
WHERE e.groupId = $groupId
CALL (e) {
  MATCH (s:Summary)-[m:MENTIONS_ENTITY]->(e)
  WITH left(toString(s.periodStart), 7) AS month, sum(m.count) AS mentions, count(s) AS sessions
  ORDER BY month
  RETURN collect({month: month, mentions: mentions, sessions: sessions}) AS months
}
CALL (e) {
  MATCH (e)-[c:CO_OCCURS]-(o:Entity)
  WITH o, c
  ORDER BY c.count DESC, o.id
  LIMIT toInteger($related)
  RETURN collect({
    id: o.id, name: o.name, kind: o.kind, sessions: c.count,
    firstSeen: c.firstSeen, lastSeen: c.lastSeen
  }) AS related
}
CALL (e) {
  MATCH (s:Summary)-[m:MENTIONS_ENTITY]->(e)
  WITH s, m
  ORDER BY s.startsAt DESC, s.id
  LIMIT toInteger($sessions)
  RETURN collect({
    id: s.id, level: s.level, startsAt: s.startsAt, endsAt: s.endsAt, text: s.text,
    mentions: m.count
  }) AS summaries
}
RETURN e {
  .id, .groupId, .kind, .name, .aliases, .mentions, .sessions,
  firstSeen: e.firstSeen, lastSeen: e.lastSeen
} AS entity, months, related, summaries
