// Groups stored before the backlog was kept get its start where work is known to wait: a group never cycled has
// waited since it was created; one with memories since its last cycle, or with periods left pending, at least since
// its latest write (the first write after that cycle is not known, so the figure errs short, never long).
MATCH (g:Group)
WHERE g.backlogSince IS NULL AND g.lastIngestAt IS NOT NULL
  AND (g.lastCycleAt IS NULL OR g.lastIngestAt > g.lastCycleAt OR g.hasPendingWork = true)
SET g.backlogSince = CASE WHEN g.lastCycleAt IS NULL THEN coalesce(g.createdAt, g.lastIngestAt) ELSE g.lastIngestAt END
RETURN count(g) AS backfilled
