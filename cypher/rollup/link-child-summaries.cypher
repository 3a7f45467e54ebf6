// (week)-[:SUMMARIZES]->(day) or (month)-[:SUMMARIZES]->(week); the children are no longer pending. One row per
// parent: {summaryId, childIds}.
// The rows come inside a map ($batch.rows), so one plan serves every batch size (see graph/rollups.ts writeSummaries).
UNWIND $batch.rows AS row
MATCH (s:Summary {id: row.summaryId})
UNWIND row.childIds AS childId
MATCH (c:Summary {id: childId})
MERGE (s)-[:SUMMARIZES]->(c)
SET c.parentPending = false
RETURN count(c) AS linked
