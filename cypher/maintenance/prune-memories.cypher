// Removes covered originals older than the keep horizon, in batches.
MATCH (m:Memory {groupId: $groupId})
WHERE m.ts < datetime($cutoff) AND m.dayPending = false AND m.sessionPending = false
  AND EXISTS { MATCH (s:Summary)-[:SUMMARIZES]->(m) WHERE s.level <> 'session' }
CALL (m) {
  DETACH DELETE m
} IN TRANSACTIONS OF 5000 ROWS
