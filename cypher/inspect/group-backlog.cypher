// Since when a group has held memories no cycle has taken (null when none waits).
MATCH (g:Group {id: $groupId})
RETURN toString(g.backlogSince) AS backlogSince
