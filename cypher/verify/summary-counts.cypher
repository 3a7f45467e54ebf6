// Summaries whose messageCount disagrees with what they cover: sessions and days count their memories (plus the
// originals pruned under them), weeks and months the sum of their children's counts. A summary with a child
// that changed since (parentPending) is stale until the next cycle and is skipped.
MATCH (s:Summary {groupId: $groupId})
WHERE NOT EXISTS { MATCH (s)-[:SUMMARIZES]->(c:Summary) WHERE c.parentPending = true }
WITH s, CASE
    WHEN s.level IN ['session', 'day']
      THEN COUNT { MATCH (s)-[:SUMMARIZES]->(:Memory) } + coalesce(s.prunedMemories, 0)
    ELSE reduce(total = 0, n IN COLLECT { MATCH (s)-[:SUMMARIZES]->(c:Summary) RETURN c.messageCount } | total + n)
  END AS covered
WHERE covered <> s.messageCount
RETURN s.level AS level, count(s) AS count, collect(s.id + ' (' + s.messageCount + ' vs ' + covered + ')')[..5] AS examples
