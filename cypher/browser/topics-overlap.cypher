// Strata · weeks where two topics are both mentioned (table), with both weights.
// Columns: week start, weight of topicA, weight of topicB, the week's message count, its id.
// Topic ids end in the lower-case, singular name; the names are lower-cased here.
// Run first:
//   :param groupId => 'demo-1'
//   :param topicA => 'hiking'
//   :param topicB => 'camping'
WITH $groupId + ':topic:' AS prefix
MATCH (a:Topic {id: prefix + toLower(trim($topicA))})<-[ma:MENTIONS]-(w:Summary)
      -[mb:MENTIONS]->(b:Topic {id: prefix + toLower(trim($topicB))})
WHERE w.level = 'week' AND a <> b
RETURN toString(w.periodStart) AS week,
       ma.weight AS weightA,
       mb.weight AS weightB,
       w.messageCount AS messages,
       w.id AS summaryId
ORDER BY week
