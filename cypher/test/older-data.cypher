// Tests only: a database as an earlier Strata left it: no schema version recorded, and a group without the clock
// (its latest memory's time) that groups gained later.
OPTIONAL MATCH (s:StrataSchema {id: 'strata'})
REMOVE s.version
WITH count(*) AS versions
MATCH (g:Group {id: $groupId})
REMOVE g.latestMemoryAt
RETURN versions
