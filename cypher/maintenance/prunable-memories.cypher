// Originals stored longer ago than the retention horizon (by ingestedAt: Strata's clock, not the message's) that a
// day summary covers; nothing unsummarised is ever removed.
MATCH (m:Memory {groupId: $groupId})
WHERE m.ingestedAt < datetime($cutoff) AND NOT coalesce(m.dayPending, false)
  AND NOT coalesce(m.sessionPending, false)
  AND EXISTS { MATCH (:Summary {level: 'day'})-[:SUMMARIZES]->(m) }
RETURN count(m) AS count
