// Strata · one topic's weight in every week of a group (table), 0 where the week does not mention it.
// Columns: the topic as stored, week start, weight, whether the week mentions it, the week's message count, its
// era's theme, its id.
// Leave topic null for the group's most mentioned topic, or name one: topic ids end in the lower-case, singular
// name ('board game', not 'Board Games'); the name is lower-cased here.
// Run first:
//   :param groupId => 'demo-1'
//   :param topic => null
CALL () {
  MATCH (t:Topic {groupId: $groupId})
  WHERE $topic IS NULL OR t.id = $groupId + ':topic:' + toLower(trim($topic))
  RETURN t
  ORDER BY COUNT { (t)<-[:MENTIONS]-(:Summary {level: 'week'}) } DESC, t.name
  LIMIT 1
}
MATCH (w:Summary {groupId: $groupId, level: 'week'})
OPTIONAL MATCH (w)-[m:MENTIONS]->(t)
RETURN t.name AS topic,
       toString(w.periodStart) AS week,
       coalesce(m.weight, 0.0) AS weight,
       m IS NOT NULL AS mentioned,
       w.messageCount AS messages,
       head(COLLECT { MATCH (e:Era)-[:SUMMARIZES]->(w) RETURN e.theme }) AS era,
       w.id AS summaryId
ORDER BY week
