// A group's settings and bookkeeping; no row when the group has never received a memory.
MATCH (g:Group {id: $groupId})
RETURN g.timezone AS timezone, g.lastIngestAt AS lastIngestAt, g.lastCycleAt AS lastCycleAt
