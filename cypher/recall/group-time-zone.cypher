// The group's time zone, the calendar a query's "yesterday" or "last March" is read on; no row for no group.
MATCH (g:Group {id: $groupId})
RETURN g.timezone AS timezone
