// Strata · group timeline: the last 12 months and the eras beside them, with the weeks both summarise.
// Picture: month and era chains along NEXT_PERIOD (caption: gap in days), SUMMARIZES from each month and
// era down to its weeks, and the week chain underneath. Eras, and era weeks, older than the shown months
// are left out.
// Run first:
//   :param groupId => 'demo-1'
CALL () {
  MATCH (m:Summary {groupId: $groupId, level: 'month'})
  WITH m
  ORDER BY m.periodStart DESC
  LIMIT 12
  RETURN collect(m) AS months
}
WITH months, months[-1].periodStart AS since
CALL (since) {
  MATCH (e:Era {groupId: $groupId})
  WHERE since IS NULL OR e.end > since
  WITH e
  ORDER BY e.start
  RETURN collect(e) AS eras
}
CALL (months, eras, since) {
  UNWIND months + eras AS parent
  MATCH (parent)-[r:SUMMARIZES]->(child:Summary)
  WHERE child.level IN ['month', 'week'] AND (parent:Summary OR since IS NULL OR child.periodEnd >= since)
  RETURN collect(DISTINCT child) AS children, collect(r) AS summarizes
}
WITH months + eras + children AS shown, summarizes
WHERE size(shown) > 0
CALL (shown) {
  UNWIND shown AS a
  MATCH (a)-[n:NEXT_PERIOD]->(b)
  WHERE b IN shown
  RETURN collect(n) AS next
}
RETURN shown AS nodes, summarizes + next AS relationships
