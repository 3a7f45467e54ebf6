// Groups the scheduler should cycle: new data since their last cycle, work a cycle can do now (a period its last
// cycle failed on), work left open that has become ready (a day that is over, a session gone idle), or no cycle
// for a day (decay and pruning move with time).
MATCH (g:Group)
WHERE g.lastCycleAt IS NULL
   OR g.lastIngestAt > g.lastCycleAt
   OR g.hasPendingWork = true
   OR g.nextWorkAt <= datetime()
   OR g.lastCycleAt < datetime() - duration({hours: 24})
RETURN g.id AS groupId
ORDER BY g.lastCycleAt
