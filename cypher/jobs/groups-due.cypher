// Groups the scheduler should cycle: new data since their last cycle, work left waiting (a day not yet over),
// or no cycle for a day (decay and pruning move with time).
MATCH (g:Group)
WHERE g.lastCycleAt IS NULL
   OR g.lastIngestAt > g.lastCycleAt
   OR g.hasPendingWork = true
   OR g.lastCycleAt < datetime() - duration({hours: 24})
RETURN g.id AS groupId
ORDER BY g.lastCycleAt
