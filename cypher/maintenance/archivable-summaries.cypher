// How many summaries per level the next archiving would take out of recall: those whose decay (on the group's
// clock) fell below the threshold, never the top level ($keepLevels), and days and weeks only once a parent covers
// them (sessions sit beside the days that cover their memories).
MATCH (s:Summary {groupId: $groupId})
WHERE s.decay < $minDecay AND NOT s.level IN $keepLevels AND s.archivedAt IS NULL
  AND (s.level = 'session' OR EXISTS { MATCH (:Summary)-[:SUMMARIZES]->(s) })
RETURN s.level AS level, count(s) AS count
