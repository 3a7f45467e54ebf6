// What the context block says of the entities a query names ($entityIds, a few, of group $groupId only): how many
// sessions name it and over what span, the entities it comes up with most ($related), and the text of the latest
// session that names it. Asked at $asOf, only what was said by then counts: the sessions that ended by then, and
// the pairs first seen by then (a pair's count is its count today).
UNWIND $entityIds AS entityId
MATCH (e:Entity {id: entityId})
WHERE e.groupId = $groupId
WITH e, datetime($asOf) AS asOf
CALL (e, asOf) {
  MATCH (s:Summary)-[:MENTIONS_ENTITY]->(e)
  WHERE asOf IS NOT NULL AND s.endsAt <= asOf
  RETURN count(s) AS sessionsThen, min(s.startsAt) AS firstThen, max(s.endsAt) AS lastThen
}
CALL (e, asOf) {
  MATCH (e)-[c:CO_OCCURS]-(o:Entity)
  WHERE asOf IS NULL OR c.firstSeen <= asOf
  WITH o, c
  ORDER BY c.count DESC, o.id
  LIMIT toInteger($related)
  RETURN collect(o.name) AS related
}
// The latest session that names it: the group's sessions walked newest first from its lastSeen (or asOf, if
// earlier) until one names it, in the index's own order, so an entity named in thousands of sessions costs a seek,
// not a read of every link.
CALL (e, asOf) {
  WITH e, CASE WHEN asOf IS NOT NULL AND asOf < e.lastSeen THEN asOf ELSE e.lastSeen END AS newest
  MATCH (s:Summary {groupId: $groupId, level: 'session'})
  USING INDEX SEEK s:Summary(groupId, level, endsAt)
  WHERE s.endsAt <= newest AND EXISTS { (s)-[:MENTIONS_ENTITY]->(e) }
  WITH s
  ORDER BY s.groupId DESC, s.level DESC, s.endsAt DESC
  LIMIT 1
  RETURN collect(s.text) AS latest
}
RETURN e.id AS id,
  CASE WHEN asOf IS NULL THEN e.sessions ELSE sessionsThen END AS sessions,
  CASE WHEN asOf IS NULL THEN e.firstSeen ELSE firstThen END AS firstSeen,
  CASE WHEN asOf IS NULL THEN e.lastSeen ELSE lastThen END AS lastSeen,
  related, latest[0] AS latest
