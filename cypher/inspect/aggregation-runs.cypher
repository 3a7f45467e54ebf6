// A group's cycle run records, oldest first: who ran them, how they ended, what they wrote.
MATCH (r:AggregationRun {groupId: $groupId})
RETURN r.id AS id, r.owner AS owner, r.status AS status, r.reason AS reason, r.dryRun AS dryRun, toString(r.startedAt) AS startedAt,
       toString(r.endedAt) AS endedAt, r.created AS created, r.updated AS updated, r.errors AS errors,
       r.summarizerFallbacks AS summarizerFallbacks
ORDER BY r.startedAt
