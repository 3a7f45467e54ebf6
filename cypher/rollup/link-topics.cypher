// (summary)-[:MENTIONS {weight}]->(topic): one Topic node per group and normalised name, so drift is plain Cypher.
// A regenerated summary replaces its mentions.
MATCH (s:Summary {id: $summaryId})
OPTIONAL MATCH (s)-[old:MENTIONS]->(:Topic)
DELETE old
WITH DISTINCT s
UNWIND $topics AS topic
MERGE (t:Topic {id: topic.id})
ON CREATE SET t.groupId = s.groupId, t.name = topic.name
MERGE (s)-[m:MENTIONS]->(t)
SET m.weight = topic.weight
