// Originals stored longer ago than the retention horizon (by ingestedAt: Strata's clock, not the message's) that a
// day summary covers; nothing unsummarised is ever removed. A range seek on (groupId, ingestedAt) reads only what
// was stored before the cutoff (about a day's worth once the group is older than it), not the group's history.
MATCH (m:Memory {groupId: $groupId})
USING INDEX SEEK m:Memory(groupId, ingestedAt)
WHERE m.ingestedAt < datetime($cutoff) AND NOT coalesce(m.dayPending, false)
  AND NOT coalesce(m.sessionPending, false)
  AND EXISTS { MATCH (:Summary {level: 'day'})-[:SUMMARIZES]->(m) }
RETURN count(m) AS count
