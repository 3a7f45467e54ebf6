// How many nodes of each kind a group has; summaries counted per level.
MATCH (n {groupId: $groupId})
WITH CASE WHEN n:Summary THEN 'Summary:' + n.level ELSE labels(n)[0] END AS kind
RETURN kind, count(*) AS count
ORDER BY kind
