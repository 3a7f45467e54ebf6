// Sets a group's time zone. Changing it once calendar summaries exist would leave days cut at the old
// midnight, so the change is refused then (the caller is told why); setting the same zone again is a no-op.
MERGE (g:Group {id: $groupId})
ON CREATE SET g.createdAt = datetime(), g.timezone = $timezone
WITH g, g.timezone AS current,
     EXISTS { MATCH (s:Summary {groupId: $groupId}) WHERE s.level IN ['day', 'week', 'month'] } AS summarized
WITH g, current, summarized, (current = $timezone OR NOT summarized) AS allowed
SET g.timezone = CASE WHEN allowed THEN $timezone ELSE current END
RETURN allowed, current AS previousTimezone, g.timezone AS timezone
