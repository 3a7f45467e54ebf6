// Strata · what a group holds (table): nodes per label, summaries per level, the span they cover and how
// many are still waiting for the next cycle (memories not yet in a day summary, summaries not yet in their
// parent).
// Run first:
//   :param groupId => 'demo-1'
CALL () {
  MATCH (m:Memory {groupId: $groupId})
  RETURN 0 AS rank, 'Memory' AS kind, count(m) AS nodes, toString(date(min(m.ts))) AS first,
         toString(date(max(m.ts))) AS last, count(CASE WHEN m.dayPending THEN 1 END) AS pending
  UNION ALL
  MATCH (s:Summary {groupId: $groupId})
  RETURN CASE s.level WHEN 'session' THEN 1 WHEN 'day' THEN 2 WHEN 'week' THEN 3 ELSE 4 END AS rank,
         'Summary:' + s.level AS kind, count(s) AS nodes, toString(min(s.periodStart)) AS first,
         toString(max(s.periodEnd)) AS last, count(CASE WHEN s.parentPending THEN 1 END) AS pending
  UNION ALL
  MATCH (e:Era {groupId: $groupId})
  RETURN 5 AS rank, 'Era' AS kind, count(e) AS nodes, toString(min(e.start)) AS first,
         toString(max(e.end) - duration({days: 1})) AS last, null AS pending
  UNION ALL
  MATCH (t:Topic {groupId: $groupId})
  RETURN 6 AS rank, 'Topic' AS kind, count(t) AS nodes, null AS first, null AS last, null AS pending
  UNION ALL
  MATCH (r:AggregationRun {groupId: $groupId})
  RETURN 7 AS rank, 'AggregationRun' AS kind, count(r) AS nodes, toString(date(min(r.startedAt))) AS first,
         toString(date(max(r.startedAt))) AS last, count(CASE WHEN r.status = 'running' THEN 1 END) AS pending
}
RETURN kind, nodes, first, last, pending
ORDER BY rank, kind
