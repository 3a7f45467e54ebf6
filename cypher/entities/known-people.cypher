// People of the group whose name has several words starting with one of $firstNames: a later session that names
// only the first word resolves to the one such person, when there is one (domain/entity-resolution.ts).
UNWIND $firstNames AS firstName
MATCH (e:Entity {groupId: $groupId, firstName: firstName})
RETURN e.key AS key, e.name AS name
