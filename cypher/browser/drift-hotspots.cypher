// Strata · drift hotspots (table): the consecutive weeks whose topics changed the most.
// turnover = 1 - sum(min(weight)) / sum(max(weight)) over the topics of both weeks (weighted Jaccard
// distance of their MENTIONS): 0 means the same topics with the same weights, 1 means nothing in common.
// gained and lost are the heaviest topics only one of the two weeks mentions; eraChange says whether the
// two weeks sit in different eras, to compare with the era boundaries.
// Run first:
//   :param groupId => 'demo-1'
MATCH (a:Summary {groupId: $groupId, level: 'week'})-[link:NEXT_PERIOD]->(b:Summary)
CALL (a) {
  MATCH (a)-[m:MENTIONS]->(t:Topic)
  WITH t, m
  ORDER BY m.weight DESC
  RETURN collect({name: t.name, weight: m.weight}) AS before
}
CALL (b) {
  MATCH (b)-[m:MENTIONS]->(t:Topic)
  WITH t, m
  ORDER BY m.weight DESC
  RETURN collect({name: t.name, weight: m.weight}) AS after
}
WITH a, b, link, before, after, [x IN before | x.name] AS namesA, [x IN after | x.name] AS namesB
WITH a, b, link, before, after, namesA, namesB,
     [name IN namesA + [n IN namesB WHERE NOT n IN namesA] | {
       a: coalesce(head([x IN before WHERE x.name = name | x.weight]), 0.0),
       b: coalesce(head([x IN after WHERE x.name = name | x.weight]), 0.0)
     }] AS pairs
WITH a, b, link, before, after, namesA, namesB,
     reduce(s = 0.0, p IN pairs | s + CASE WHEN p.a < p.b THEN p.a ELSE p.b END) AS shared,
     reduce(s = 0.0, p IN pairs | s + CASE WHEN p.a > p.b THEN p.a ELSE p.b END) AS total
RETURN toString(a.periodStart) AS week,
       toString(b.periodStart) AS nextWeek,
       link.gapDays AS gapDays,
       round(CASE WHEN total > 0 THEN 1 - shared / total ELSE 0.0 END, 3) AS turnover,
       [x IN after WHERE NOT x.name IN namesA | x.name][0..5] AS gained,
       [x IN before WHERE NOT x.name IN namesB | x.name][0..5] AS lost,
       head(COLLECT { MATCH (e:Era)-[:SUMMARIZES]->(a) RETURN e.id })
         <> head(COLLECT { MATCH (e:Era)-[:SUMMARIZES]->(b) RETURN e.id }) AS eraChange
ORDER BY turnover DESC, week
LIMIT 10
