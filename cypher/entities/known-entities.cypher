// The group's entities that mentions of a batch may stand for (domain/entity-targets.ts): people of several words by
// their first word ($firstNames: a later "Ana" finds "Ana Costa"), other names by their short name ($shortNames:
// "Northwind" finds "Northwind Labs") and their initials ($initials: "RHS" finds "Royal Horticultural Society"), and
// entities of exactly a key ($keys: the name inside "IKEA order"). Each by an index, never the group's every entity.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  UNWIND request.firstNames AS firstName
  MATCH (e:Entity {groupId: request.groupId, firstName: firstName})
  RETURN e
  UNION
  UNWIND request.shortNames AS shortName
  MATCH (e:Entity {groupId: request.groupId, shortName: shortName})
  RETURN e
  UNION
  UNWIND request.initials AS initials
  MATCH (e:Entity {groupId: request.groupId, initials: initials})
  RETURN e
  UNION
  UNWIND request.ids AS id
  MATCH (e:Entity {id: id})
  USING INDEX SEEK e:Entity(id)
  WHERE e.groupId = request.groupId
  RETURN e
}
RETURN request.index AS request, e.key AS key, e.name AS name, e.kind AS kind
