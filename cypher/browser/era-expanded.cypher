// Strata · one era expanded: the era, the weeks it spans and the days under each week.
// Picture: Era -SUMMARIZES-> week summaries -SUMMARIZES-> day summaries, in time order (at most 300 rows).
// Leave eraId null for the group's current era, or set it to an era id (shown in group-timeline when you
// click an era).
// Run first:
//   :param groupId => 'demo-1'
//   :param eraId => null
MATCH (e:Era {groupId: $groupId})
WHERE ($eraId IS NULL AND e.current) OR e.id = $eraId
WITH e
ORDER BY e.start DESC
LIMIT 1
MATCH (e)-[toPeriod:SUMMARIZES]->(period:Summary)
OPTIONAL MATCH (period)-[toDay:SUMMARIZES]->(day:Summary {level: 'day'})
RETURN e AS era, toPeriod, period, toDay, day
ORDER BY period.periodStart, day.periodStart
LIMIT 300
