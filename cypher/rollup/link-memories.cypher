// (summary)-[:SUMMARIZES]->(memory) for a session or day summary, and the memories are no longer pending for
// that kind of roll-up.
MATCH (s:Summary {id: $summaryId})
UNWIND $memoryIds AS memoryId
MATCH (m:Memory {groupId: s.groupId, id: memoryId})
MERGE (s)-[:SUMMARIZES]->(m)
SET m.sessionPending = CASE WHEN s.level = 'session' THEN false ELSE m.sessionPending END,
    m.dayPending = CASE WHEN s.level = 'day' THEN false ELSE m.dayPending END
RETURN count(m) AS linked
