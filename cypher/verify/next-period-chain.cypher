// The shape of one level's NEXT_PERIOD chain: a simple path in period order has nodes - 1 links, no node with
// more than one link in or out, no link going back in time, and one node with no predecessor. Period order is the
// order rollup/link-next-period builds the chain in: startsAt, then id, so two sessions that start at the same
// instant are in order when the link goes from the smaller id to the larger.
MATCH (s:Summary {groupId: $groupId, level: $level})
WITH collect(s) AS nodes
RETURN size(nodes) AS nodes,
  COUNT { MATCH (a:Summary {groupId: $groupId, level: $level})-[:NEXT_PERIOD]->(:Summary) } AS links,
  size([n IN nodes WHERE COUNT { (n)-[:NEXT_PERIOD]->() } > 1]) AS branching,
  size([n IN nodes WHERE COUNT { ()-[:NEXT_PERIOD]->(n) } > 1]) AS merging,
  size([n IN nodes WHERE NOT EXISTS { ()-[:NEXT_PERIOD]->(n) }]) AS heads,
  COUNT {
    MATCH (a:Summary {groupId: $groupId, level: $level})-[:NEXT_PERIOD]->(b:Summary)
    WHERE b.startsAt < a.startsAt OR (b.startsAt = a.startsAt AND b.id <= a.id) OR b.level <> a.level
  } AS backwards
