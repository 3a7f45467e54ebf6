// The group's entities one of whose names or aliases holds a word of the query ($query: domain/lucene.ts
// entityNamesInGroup, kept to the group, which is checked again exactly here), best matched first, at most $limit;
// for a question asked at $asOf, only those named by then. domain/named-entities.ts keeps those the query names
// whole. The fields are the entity's as the API shows it (domain/entity-shapes.ts).
CALL db.index.fulltext.queryNodes('entity_names_fulltext', $query, {limit: toInteger($limit)})
  YIELD node, score
WITH node AS e, score
WHERE e:Entity AND e.groupId = $groupId AND ($asOf IS NULL OR e.firstSeen <= datetime($asOf))
RETURN e {
  .id, .groupId, .kind, .name, .aliases, .mentions, .sessions,
  firstSeen: e.firstSeen, lastSeen: e.lastSeen
} AS entity
ORDER BY score DESC, e.id
