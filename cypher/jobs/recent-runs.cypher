MATCH (r:AggregationRun {groupId: $groupId})
RETURN r.id AS id, r.startedAt AS startedAt, r.endedAt AS endedAt, r.status AS status, r.dryRun AS dryRun,
       r.counts AS counts, r.errors AS errors
ORDER BY r.startedAt DESC
LIMIT toInteger($limit)
