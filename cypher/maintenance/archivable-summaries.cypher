// How many summaries per level the next archiving would take out of recall: those whose decay (on the group's
// clock) fell below the threshold, of the levels in $levels (never the top one), and days and weeks only once a
// parent covers them (sessions sit beside the days that cover their memories). Read as archive-summaries reads them:
// each level's summaries still in recall that ended before its bound.
UNWIND $levels AS archived
MATCH (s:Summary {groupId: $groupId, level: archived.level, unarchived: true})
USING INDEX SEEK s:Summary(groupId, level, unarchived, endsAt)
WHERE s.endsAt < datetime(archived.endsBefore) AND s.decay < $minDecay
  AND (s.level = 'session' OR EXISTS { MATCH (:Summary)-[:SUMMARIZES]->(s) })
RETURN s.level AS level, count(s) AS count
