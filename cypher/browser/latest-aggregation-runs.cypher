// Strata · the group's latest aggregation cycles (table), newest first: status and why, how long each took, what it
// created, updated and pruned, its counts per level (JSON) and errors.
// Run first:
//   :param groupId => 'demo-1'
MATCH (r:AggregationRun {groupId: $groupId})
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
ORDER BY r.startedAt DESC
LIMIT 20
