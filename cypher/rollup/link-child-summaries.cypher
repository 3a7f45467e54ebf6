// (week)-[:SUMMARIZES]->(day) or (month)-[:SUMMARIZES]->(week); the children are no longer pending. One row per
// parent: {summaryId, childIds}.
UNWIND $rows AS row
MATCH (s:Summary {id: row.summaryId})
UNWIND row.childIds AS childId
MATCH (c:Summary {id: childId})
MERGE (s)-[:SUMMARIZES]->(c)
SET c.parentPending = false
RETURN count(c) AS linked
