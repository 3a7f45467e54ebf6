// Entities whose group no longer exists, in the whole database (a delete removes a group's entities with it, so
// none should be left): how many, and a few of their ids. Reads every entity: for tests and operators, not a cycle.
MATCH (e:Entity)
WHERE NOT EXISTS { MATCH (:Group {id: e.groupId}) }
RETURN count(e) AS count, collect(e.id)[..5] AS examples
