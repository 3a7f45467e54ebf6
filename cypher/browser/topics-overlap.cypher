// Strata · weeks where two topics are both mentioned (table), with both weights.
// Columns: both topics, week start, weight of each, the week's message count, its id.
// Leave topicA and topicB null for the pair of topics that share the most weeks, or name them (topic ids end in
// the lower-case name; the names are lower-cased here). With only topicA set, topicB is its most frequent companion.
// Run first:
//   :param groupId => 'demo-1'
//   :param topicA => null
//   :param topicB => null
WITH $groupId + ':topic:' AS prefix
MATCH (a:Topic {groupId: $groupId})<-[:MENTIONS]-(w:Summary {level: 'week'})-[:MENTIONS]->(b:Topic)
WHERE a <> b
  AND ($topicA IS NULL OR a.id = prefix + toLower(trim($topicA)))
  AND ($topicB IS NULL OR b.id = prefix + toLower(trim($topicB)))
  AND ($topicB IS NOT NULL OR $topicA IS NOT NULL OR a.name < b.name)
WITH a, b, count(w) AS shared
ORDER BY shared DESC, a.name, b.name
LIMIT 1
MATCH (a)<-[ma:MENTIONS]-(w:Summary {level: 'week'})-[mb:MENTIONS]->(b)
RETURN a.name AS topicA,
       b.name AS topicB,
       toString(w.periodStart) AS week,
       ma.weight AS weightA,
       mb.weight AS weightB,
       w.messageCount AS messages,
       w.id AS summaryId
ORDER BY week
