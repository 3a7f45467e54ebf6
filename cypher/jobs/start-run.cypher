// Audit record of one cycle of one group; no row when the group is gone. The caller holds the group's lease, so a
// run of another owner still marked running is one whose owner died (kill -9, lost host) or lost the lease before
// it could close its record: it is marked abandoned, and how many were is returned for the log. Also returned: how
// the group's previous cycle that could write (not a dry run) ended, null before its first, so a cycle repairs
// what one that did not succeed may have left only when there was one.
MATCH (:Group {id: $groupId})
CREATE (r:AggregationRun {id: $runId, groupId: $groupId, owner: $owner, dryRun: $dryRun, startedAt: datetime(), status: 'running'})
WITH r
CALL (r) {
  MATCH (old:AggregationRun {groupId: r.groupId})
  WHERE old.status = 'running' AND old.owner <> r.owner
  SET old.status = 'abandoned', old.endedAt = datetime(),
      old.errors = coalesce(old.errors, []) + ['abandoned: its owner stopped before closing it; run ' + r.id + ' took over the lease']
  RETURN count(old) AS abandoned
}
CALL (r) {
  OPTIONAL MATCH (previous:AggregationRun {groupId: r.groupId})
  WHERE previous <> r AND NOT previous.dryRun
  WITH previous
  ORDER BY previous.startedAt DESC
  LIMIT 1
  RETURN previous.status AS previousStatus
}
RETURN r.id AS id, abandoned, previousStatus
