// Tests only: a database as an earlier Strata left it: no schema version recorded, and groups without the clock
// (the time of their latest memory) and the start of their backlog, which groups gained later.
OPTIONAL MATCH (s:StrataSchema {id: 'strata'})
REMOVE s.version
WITH count(*) AS versions
MATCH (g:Group)
WHERE g.id IN $groupIds
REMOVE g.latestMemoryAt, g.backlogSince
RETURN versions
