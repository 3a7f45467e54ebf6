// One topic's weight in every period of a level (0 where the period does not mention it).
MATCH (s:Summary {groupId: $groupId, level: $level})
WHERE ($from IS NULL OR s.periodStart >= date($from))
  AND ($to IS NULL OR s.periodStart < date($to))
OPTIONAL MATCH (s)-[m:MENTIONS]->(:Topic {id: $topicId})
RETURN toString(s.periodStart) AS periodStart, coalesce(m.weight, 0.0) AS weight
ORDER BY s.periodStart
