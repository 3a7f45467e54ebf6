// The summary levels of a group whose NEXT_PERIOD chain misses links. A cycle that dies between writing a batch of
// summaries and relinking their level leaves them unlinked; the next cycle finds nothing pending at that level, so
// it relinks the levels listed here first.
MATCH (s:Summary {groupId: $groupId})
WITH s.level AS level, count(s) AS nodes, sum(COUNT { (s)-[:NEXT_PERIOD]->(:Summary) }) AS links
WHERE links < nodes - 1
RETURN level
ORDER BY level
