// Entities whose totals disagree with their links: mentions must be the sum of the counts on the MENTIONS_ENTITY
// links of the sessions that name them, and sessions the number of those links (jobs/entities.ts keeps both by
// taking a session's old contribution back before writing its new one).
MATCH (e:Entity {groupId: $groupId})
WITH e, COLLECT { MATCH (:Summary)-[m:MENTIONS_ENTITY]->(e) RETURN m.count } AS counts
WITH e, size(counts) AS sessions, reduce(total = 0, n IN counts | total + n) AS mentions
WHERE mentions <> e.mentions OR sessions <> e.sessions OR sessions = 0
// Grouped by the group, so that a group with nothing wrong gives no row.
RETURN e.groupId AS groupId, count(e) AS count,
       collect(e.id + ' (' + e.mentions + '/' + e.sessions + ' vs ' + mentions + '/' + sessions + ')')[..5] AS examples
