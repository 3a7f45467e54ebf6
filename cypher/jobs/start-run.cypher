// Audit record of one cycle of one group; no row when the group is gone. The caller holds the group's lease, so a
// run of another owner still marked running is one whose owner died (kill -9, lost host) or lost the lease before
// it could close its record: it is marked abandoned, and how many were is returned for the log. Also returned: how
// the group's previous cycle that could write (not a dry run) ended, null before its first (or before this record
// existed), so a cycle repairs what one that did not succeed may have left only when there was one.
MATCH (g:Group {id: $groupId})
CREATE (r:AggregationRun {id: $runId, groupId: $groupId, owner: $owner, dryRun: $dryRun, startedAt: datetime(), status: 'running'})
// How the previous cycle that could write ended is kept on the group: finish-run records it, and it reads 'running'
// from here until then, so a cycle that died on the way reads as one that did not succeed. Runs are kept, so
// finding it among them would grow with every cycle.
WITH g, r, g.lastCycleStatus AS previousStatus
FOREACH (_ IN CASE WHEN $dryRun THEN [] ELSE [1] END | SET g.lastCycleStatus = 'running')
WITH r, previousStatus
// Seeks by the group parameter through (groupId, status): the planner cannot seek on r.groupId.
CALL (r) {
  MATCH (old:AggregationRun {groupId: $groupId, status: 'running'})
  WHERE old.owner <> r.owner
  SET old.status = 'abandoned', old.endedAt = datetime(),
      old.errors = coalesce(old.errors, []) + ['abandoned: its owner stopped before closing it; run ' + r.id + ' took over the lease']
  RETURN count(old) AS abandoned
}
RETURN r.id AS id, abandoned, previousStatus
