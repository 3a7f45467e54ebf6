// Sessions summarised before entities existed are marked for the entity step (jobs/entities.ts), which reads their
// memories and links what they name; the group's cycles work the backlog off a page at a time. Once per database,
// in transactions of bounded size.
MATCH (s:Summary)
WHERE s.level = 'session' AND s.entitiesPending IS NULL AND NOT EXISTS { (s)-[:MENTIONS_ENTITY]->() }
CALL (s) {
  SET s.entitiesPending = true
} IN TRANSACTIONS OF 10000 ROWS
