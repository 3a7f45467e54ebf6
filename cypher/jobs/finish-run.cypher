// Closes the run record with its status (succeeded, failed, stopped, or skipped when the group was deleted during
// the cycle) and why (reason: null for a success), its counts per level (as JSON, since properties cannot hold
// maps), its errors and the periods its summarizer fell back on, and tells the scheduler whether a cycle would do
// something now (hasPendingWork: a period closed and still to summarise) and from when work left open becomes ready
// (nextWorkAt: a period's end plus grace, a session's idle gap; null when nothing waits). The group also keeps which
// Strata instance ran the cycle and the UTC day it pruned the group ($prunedOn, a date; null when it did not, which
// keeps the day recorded before). Why the last cycle failed, or the first period it could not summarise (none for a
// cycle stopped by a shutdown: its errors end with why it stopped, and the next cycle resumes), and how many cycles
// in a row failed, tell a group that is behind (domain/cycle-health.ts). A cycle that succeeded and left nothing
// pending ends the group's backlog, or moves its start to this cycle's own start when memories came in meanwhile
// (those it may not have read).
// Planned once and kept (replan=skip): both lookups are hinted seeks on a unique key, and re-planning as run nodes
// grow cost more than running it (see jobs/open-run.cypher).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (r:AggregationRun {id: request.runId})
  USING INDEX SEEK r:AggregationRun(id)
  SET r.endedAt = datetime(), r.status = request.status, r.reason = request.reason, r.counts = request.counts,
      r.errors = request.errors,
      r.summarizerFallbacks = request.summarizerFallbacks,
      r.created = request.created, r.updated = request.updated, r.pruned = request.pruned
  WITH request, r
  MATCH (g:Group {id: r.groupId})
  USING INDEX SEEK g:Group(id)
  FOREACH (_ IN CASE WHEN r.dryRun THEN [] ELSE [1] END |
    SET g.lastCycleAt = r.startedAt, g.lastCycleStatus = request.status, g.lastCycleInstance = request.instance,
        g.hasPendingWork = request.hasPendingWork,
        g.lastCycleError = CASE request.status
          WHEN 'failed' THEN request.reason WHEN 'stopped' THEN null ELSE request.errors[0]
        END,
        g.failedCycles = CASE WHEN request.status = 'failed' THEN coalesce(g.failedCycles, 0) + 1 ELSE 0 END,
        g.nextWorkAt = datetime(request.nextWorkAt), g.prunedOn = coalesce(date(request.prunedOn), g.prunedOn),
        g.backlogSince = CASE
          WHEN request.status <> 'succeeded' OR request.hasPendingWork THEN g.backlogSince
          WHEN g.lastIngestAt >= r.startedAt THEN r.startedAt
          ELSE null
        END)
}
