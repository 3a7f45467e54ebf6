// A group's settings and bookkeeping, with how much it holds and how its cycles keep up: what the last cycle
// recorded, and the backlog (memories no day summary covers yet). The oldest pending memory is the first entry of
// the (groupId, dayPending, ts) index, so finding it costs a seek, however long the backlog.
MATCH (g:Group {id: $groupId})
RETURN g.id AS groupId, g.timezone AS timezone, g.createdAt AS createdAt, g.lastIngestAt AS lastIngestAt,
       g.lastCycleAt AS lastCycleAt, g.latestMemoryAt AS latestMemoryAt,
       COUNT { MATCH (m:Memory {groupId: $groupId}) } AS memories,
       COUNT { MATCH (s:Summary {groupId: $groupId}) } AS summaries,
       g.lastCycleStatus AS lastStatus, g.lastCycleError AS lastError, coalesce(g.failedCycles, 0) AS failedInARow,
       COUNT {
         MATCH (m:Memory {groupId: $groupId})
         USING INDEX SEEK m:Memory(groupId, dayPending, ts)
         WHERE m.dayPending = true AND m.ts IS NOT NULL
       } AS pendingMemories,
       COLLECT {
         MATCH (m:Memory {groupId: $groupId})
         USING INDEX SEEK m:Memory(groupId, dayPending, ts)
         WHERE m.dayPending = true AND m.ts IS NOT NULL
         RETURN m.ts
         ORDER BY m.groupId, m.dayPending, m.ts
         LIMIT 1
       }[0] AS oldestPendingAt
