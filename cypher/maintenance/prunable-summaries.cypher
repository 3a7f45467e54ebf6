// Summaries whose decay fell below the threshold and that a parent summary already covers; the top level
// ($keepLevels) is never pruned by decay. Returned with their parents so the caller can splice children upward.
MATCH (s:Summary {groupId: $groupId})
WHERE s.decay < $minDecay AND NOT s.level IN $keepLevels
MATCH (parent)-[:SUMMARIZES]->(s)
WHERE parent:Summary OR parent:Era
RETURN s.id AS id, s.level AS level, collect(parent.id) AS parentIds
