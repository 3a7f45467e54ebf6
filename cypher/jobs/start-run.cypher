// Audit record of one cycle of one group.
CREATE (r:AggregationRun {id: $runId, groupId: $groupId, owner: $owner, dryRun: $dryRun, startedAt: datetime(), status: 'running'})
