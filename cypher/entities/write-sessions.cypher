// Second half of linking the entities of sessions (after retract-sessions, in the same transaction): each entity a
// session names, one node per group and name (its id is the natural key, domain/entity-resolution.ts), linked
// (session)-[:MENTIONS_ENTITY {count}]->(entity), its totals raised by the session's counts, its aliases by the
// session's spellings; then the session's co-occurrences, each pair once, lower id first. The session is no longer
// pending. The kind is also a label (:Person, :Place, ...), which a Browser style can colour.
// One row per session: {summaryId, mentions: [{id, key, name, kind, kindSure, shortName, initials, count, aliases,
// paired}], pairs: [[lowId, highId]]}.
UNWIND range(0, size($batch.requests) - 1) AS request
UNWIND $batch.requests[request].rows AS row
MATCH (s:Summary {id: row.summaryId})
USING INDEX SEEK s:Summary(id)
REMOVE s.entitiesPending
WITH request, s, row
CALL (s, row) {
  UNWIND row.mentions AS m
  MERGE (e:Entity {id: m.id})
  ON CREATE SET
    e.groupId = s.groupId,
    e.key = m.key,
    e.name = m.name,
    e.kind = m.kind,
    e.aliases = [],
    e.mentions = 0,
    e.sessions = 0,
    e.firstSeen = s.startsAt,
    e.lastSeen = s.endsAt,
    e.createdAt = datetime()
  SET
    e.kind = CASE WHEN m.kindSure THEN m.kind ELSE e.kind END,
    e.name = CASE WHEN m.kindSure THEN m.name ELSE e.name END,
    e.aliases = e.aliases + [a IN m.aliases WHERE NOT toLower(a) IN [x IN e.aliases | toLower(x)]
      AND toLower(a) <> toLower(e.name)][..toInteger($aliasRoom) - size(e.aliases)],
    e.mentions = e.mentions + m.count,
    e.sessions = e.sessions + 1,
    e.firstSeen = CASE WHEN s.startsAt < e.firstSeen THEN s.startsAt ELSE e.firstSeen END,
    e.lastSeen = CASE WHEN s.endsAt > e.lastSeen THEN s.endsAt ELSE e.lastSeen END,
    e.updatedAt = datetime()
  // A later short form finds it (entities/known-entities.cypher): a person of several words by the first, another
  // name by its short name and its initials (domain/entity-short-forms.ts).
  SET
    e.firstName = CASE WHEN e.kind = 'person' AND e.key CONTAINS ' ' THEN split(e.key, ' ')[0] END,
    e.shortName = CASE WHEN e.kind <> 'person' THEN m.shortName END,
    e.initials = CASE WHEN e.kind <> 'person' THEN m.initials END
  REMOVE e:Person:Place:Organisation:Product:Work:Event:Thing
  // The label follows the kind the node keeps ($labels: kind -> label, domain/entity-resolution.ts).
  SET e:$($labels[e.kind])
  CREATE (s)-[:MENTIONS_ENTITY {count: toInteger(m.count), paired: m.paired}]->(e)
}
CALL (s, row) {
  UNWIND row.pairs AS pair
  MATCH (a:Entity {id: pair[0]})
  USING INDEX SEEK a:Entity(id)
  MATCH (b:Entity {id: pair[1]})
  USING INDEX SEEK b:Entity(id)
  MERGE (a)-[c:CO_OCCURS]->(b)
  ON CREATE SET c.count = 0, c.firstSeen = s.startsAt, c.lastSeen = s.endsAt
  SET
    c.count = c.count + 1,
    c.firstSeen = CASE WHEN s.startsAt < c.firstSeen THEN s.startsAt ELSE c.firstSeen END,
    c.lastSeen = CASE WHEN s.endsAt > c.lastSeen THEN s.endsAt ELSE c.lastSeen END
}
RETURN request, s.id AS summaryId
