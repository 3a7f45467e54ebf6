// The memories of several session summaries of one group, one row each, in no order: what entities are read from.
UNWIND $summaryIds AS summaryId
MATCH (s:Summary {id: summaryId})
USING INDEX SEEK s:Summary(id)
WHERE s.groupId = $groupId
MATCH (s)-[:SUMMARIZES]->(m:Memory)
RETURN summaryId, m.text AS text, m.speaker AS speaker
