// (week)-[:SUMMARIZES]->(day) or (month)-[:SUMMARIZES]->(week); the children are no longer pending.
MATCH (s:Summary {id: $summaryId})
UNWIND $childIds AS childId
MATCH (c:Summary {id: childId})
MERGE (s)-[:SUMMARIZES]->(c)
SET c.parentPending = false
RETURN count(c) AS linked
