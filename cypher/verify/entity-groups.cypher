// Entities outside their group: one whose id is not in its group's namespace (`<groupId>:entity:`), a session of
// one group naming an entity of another, an entity co-occurring with another group's. One row per kind of finding.
CALL () {
  MATCH (e:Entity {groupId: $groupId})
  WHERE NOT e.id STARTS WITH $groupId + ':entity:'
  RETURN 'entity' AS kind, e.id AS example
  UNION ALL
  MATCH (e:Entity {groupId: $groupId})<-[:MENTIONS_ENTITY]-(s)
  WHERE s.groupId <> $groupId
  RETURN 'MENTIONS_ENTITY' AS kind, s.id + ' -> ' + e.id AS example
  UNION ALL
  MATCH (s:Summary {groupId: $groupId})-[:MENTIONS_ENTITY]->(e)
  WHERE e.groupId <> $groupId
  RETURN 'MENTIONS_ENTITY' AS kind, s.id + ' -> ' + e.id AS example
  UNION ALL
  MATCH (e:Entity {groupId: $groupId})-[:CO_OCCURS]-(o)
  WHERE o.groupId <> $groupId
  RETURN 'CO_OCCURS' AS kind, e.id + ' - ' + o.id AS example
}
RETURN kind, count(*) AS count, collect(example)[..5] AS examples
