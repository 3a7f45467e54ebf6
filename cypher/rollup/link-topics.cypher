// (summary)-[:MENTIONS {weight}]->(topic): one Topic node per group and normalised name, so drift is plain Cypher.
// A regenerated summary replaces its mentions. One row per summary: {summaryId, topics}.
// The rows come inside a map ($batch.rows), so one plan serves every batch size (see graph/rollups.ts writeSummaries).
UNWIND $batch.rows AS row
MATCH (s:Summary {id: row.summaryId})
OPTIONAL MATCH (s)-[old:MENTIONS]->(:Topic)
DELETE old
WITH DISTINCT s, row
UNWIND row.topics AS topic
MERGE (t:Topic {id: topic.id})
ON CREATE SET t.groupId = s.groupId, t.name = topic.name
MERGE (s)-[m:MENTIONS]->(t)
SET m.weight = topic.weight
