// The group's own node: its settings and the time of its last write, which tells the scheduler it has new data.
MERGE (g:Group {id: $groupId})
ON CREATE SET g.createdAt = datetime(), g.timezone = $timezone
SET g.lastIngestAt = datetime()
