// Originals older than the keep horizon that a calendar summary (day, or the week or month a pruned day was
// spliced into) already covers; nothing unsummarised is ever removed.
MATCH (m:Memory {groupId: $groupId})
WHERE m.ts < datetime($cutoff) AND m.dayPending = false AND m.sessionPending = false
  AND EXISTS { MATCH (s:Summary)-[:SUMMARIZES]->(m) WHERE s.level <> 'session' }
RETURN count(m) AS count
