// Strata · an entity's neighbourhood (graph): the entities it comes up with most (CO_OCCURS, by how many sessions
// name both) and the latest sessions that name it (MENTIONS_ENTITY, by how often). Load strata.grass to see
// people, places, organisations, products, works and events each in their colour.
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
CALL (e) {
  MATCH p = (e)-[c:CO_OCCURS]-(:Entity)
  RETURN p
  ORDER BY c.count DESC
  LIMIT 12
  UNION
  MATCH p = (s:Summary)-[:MENTIONS_ENTITY]->(e)
  RETURN p
  ORDER BY s.startsAt DESC
  LIMIT 8
}
RETURN p
