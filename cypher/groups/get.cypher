// A group's settings and bookkeeping, with how much it holds.
MATCH (g:Group {id: $groupId})
RETURN g.id AS groupId, g.timezone AS timezone, g.createdAt AS createdAt, g.lastIngestAt AS lastIngestAt,
       g.lastCycleAt AS lastCycleAt, g.latestMemoryAt AS latestMemoryAt,
       COUNT { MATCH (m:Memory {groupId: $groupId}) } AS memories,
       COUNT { MATCH (s:Summary {groupId: $groupId}) } AS summaries
