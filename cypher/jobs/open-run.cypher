// What every cycle of a group does first, in one statement; no row when the group does not exist.
// - The group's settings: the time zone its days are cut in, and its clock (the time of its latest memory), which
//   decay and archiving run on.
// - Its cycle lease, taken if it is free, expired, or already $owner's. The first SET takes the lease node's write
//   lock before owner and expiry are read, so two instances cannot both see the lease as free.
// - When the lease is $owner's, the audit record of the run. The caller then holds the lease, so a run of another
//   owner still marked running is one whose owner died (kill -9, lost host) or lost the lease before it could close
//   its record: it is marked abandoned, and how many were is returned for the log.
// - Then what the group's earlier cycles left (`run`, null when another owner holds the lease): how the previous
//   cycle that could write (not a dry run) ended, null before its first, so a cycle repairs what one that did not
//   succeed may have left only when there was one, and which Strata instance ran it; the UTC day a cycle last
//   pruned the group (pruning runs once a day); the group clock and decay settings of its last decay refresh.
// Planned once and kept (replan=skip): every lookup is a hinted seek or a MERGE on a unique key, so a plan made on
// an empty database is the plan for any. Re-planning it as the few run and lease nodes grow cost Neo4j 165-530 ms in
// a round of 10 groups, against a few ms to run it.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (g:Group {id: request.groupId})
  USING INDEX SEEK g:Group(id)
  MERGE (l:CycleLease {id: request.groupId})
  SET l.lastAttemptAt = datetime()
  WITH g, l, (l.owner IS NULL OR l.owner = request.owner OR l.expiresAt < datetime()) AS free
  SET l.owner = CASE WHEN free THEN request.owner ELSE l.owner END,
      l.expiresAt = CASE WHEN free THEN datetime() + duration({seconds: $ttlSeconds}) ELSE l.expiresAt END
  WITH g, l, free
  CALL (request, g, free) {
    UNWIND CASE WHEN free THEN [true] ELSE [] END AS opening
    CREATE (r:AggregationRun {id: request.runId, groupId: request.groupId, owner: request.owner,
      dryRun: request.dryRun, startedAt: datetime(), status: 'running'})
    // How the previous cycle that could write ended is kept on the group: finish-run records it, and it reads
    // 'running' from here until then, so a cycle that died on the way reads as one that did not succeed. Runs are
    // kept, so finding it among them would grow with every cycle.
    WITH g, r, g.lastCycleStatus AS previousStatus
    FOREACH (_ IN CASE WHEN request.dryRun THEN [] ELSE [1] END | SET g.lastCycleStatus = 'running')
    WITH g, r, previousStatus
    // Seeks by the group parameter through (groupId, status): the planner cannot seek on r.groupId.
    CALL (request, r) {
      MATCH (old:AggregationRun {groupId: request.groupId, status: 'running'})
      USING INDEX SEEK old:AggregationRun(groupId, status)
      WHERE old.owner <> r.owner
      SET old.status = 'abandoned', old.endedAt = datetime(),
          old.errors = coalesce(old.errors, []) +
            ['abandoned: its owner stopped before closing it; run ' + r.id + ' took over the lease']
      RETURN count(old) AS abandoned
    }
    // An aggregate: one row whether a run was opened or not.
    RETURN head(collect({abandoned: abandoned, previousStatus: previousStatus, previousInstance: g.lastCycleInstance,
      lastPrunedOn: g.prunedOn,
      decayRefreshed: CASE WHEN g.decayClock IS NULL THEN null
        ELSE {clock: g.decayClock, settings: g.decaySettings} END})) AS run
  }
  RETURN g.timezone AS timezone, g.latestMemoryAt AS latestMemoryAt, free AS acquired, l.owner AS owner,
         l.expiresAt AS expiresAt, run
}
RETURN request.index AS request, timezone, latestMemoryAt, acquired, owner, expiresAt, run
