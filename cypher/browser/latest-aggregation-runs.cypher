// Strata · the group's latest aggregation cycles (table), newest first: status and why, how long each took, what it
// created, updated and pruned, its counts per level (JSON) and errors.
// Run first:
//   :param groupId => 'demo-1'
// Runs are kept, one per cycle: read newest first from the (groupId, startedAt) index, which hands them over in
// that order when the ORDER BY names its own properties, and stops at 20 (rather than sorting every run kept).
MATCH (r:AggregationRun {groupId: $groupId})
USING INDEX SEEK r:AggregationRun(groupId, startedAt)
WHERE r.startedAt IS NOT NULL
RETURN toString(r.startedAt) AS started,
       r.status AS status,
       r.reason AS reason,
       r.dryRun AS dryRun,
       round(duration.inSeconds(r.startedAt, r.endedAt).milliseconds / 1000.0, 1) AS seconds,
       r.created AS created,
       r.updated AS updated,
       r.pruned AS pruned,
       r.counts AS counts,
       r.errors AS errors,
       r.id AS run
ORDER BY r.groupId DESC, r.startedAt DESC
LIMIT 20
