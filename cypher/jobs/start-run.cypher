// Audit record of one cycle of one group; no row when the group is gone.
MATCH (:Group {id: $groupId})
CREATE (r:AggregationRun {id: $runId, groupId: $groupId, owner: $owner, dryRun: $dryRun, startedAt: datetime(), status: 'running'})
RETURN r.id AS id
