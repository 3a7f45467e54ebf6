// Originals stored longer ago than the retention horizon (by ingestedAt: Strata's clock, not the message's) that a
// day summary covers; nothing unsummarised is ever removed.
// A seek on (groupId, ingestedAt) reads only the memories stored before the cutoff, not every memory the group
// keeps. SEEK, not a plain index hint: planned on small statistics, that scanned the whole index instead.
MATCH (m:Memory {groupId: $groupId})
USING INDEX SEEK m:Memory(groupId, ingestedAt)
WHERE m.ingestedAt < datetime($cutoff) AND NOT coalesce(m.dayPending, false)
  AND NOT coalesce(m.sessionPending, false)
  AND EXISTS { MATCH (:Summary {level: 'day'})-[:SUMMARIZES]->(m) }
RETURN count(m) AS count
