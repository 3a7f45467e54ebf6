// Whether a count of the group's term statistics is under way (graph/term-stats.ts): its termCursor, or null.
MATCH (g:Group {id: $groupId})
RETURN g.termCursor AS cursor
