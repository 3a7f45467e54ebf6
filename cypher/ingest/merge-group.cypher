// The group's own node: its settings, the time of its last write (which tells the scheduler it has new data), and
// its clock: the time of its latest memory, which decay and archiving run on, so an imported archive ages as it
// would have live.
MERGE (g:Group {id: $groupId})
ON CREATE SET g.createdAt = datetime(), g.timezone = $timezone
SET g.lastIngestAt = datetime(),
    g.latestMemoryAt = CASE
      WHEN g.latestMemoryAt IS NULL OR datetime($latestTs) > g.latestMemoryAt THEN datetime($latestTs)
      ELSE g.latestMemoryAt
    END
