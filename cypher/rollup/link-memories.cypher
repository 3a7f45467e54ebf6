// (summary)-[:SUMMARIZES]->(memory) for session or day summaries, and the memories are no longer pending for that
// kind of roll-up: the flags clear in the transaction that writes the summary covering them. One row per summary:
// {summaryId, memoryIds}.
UNWIND $rows AS row
MATCH (s:Summary {id: row.summaryId})
UNWIND row.memoryIds AS memoryId
MATCH (m:Memory {groupId: s.groupId, id: memoryId})
MERGE (s)-[:SUMMARIZES]->(m)
SET m.sessionPending = CASE WHEN s.level = 'session' THEN false ELSE m.sessionPending END,
    m.dayPending = CASE WHEN s.level = 'day' THEN false ELSE m.dayPending END
RETURN count(m) AS linked
