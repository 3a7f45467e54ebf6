// Every summary of a group with its version and link counts; two equal snapshots mean nothing changed.
MATCH (s:Summary {groupId: $groupId})
RETURN s.id AS id, s.level AS level, s.version AS version, s.text AS text,
       COUNT { (s)-[:SUMMARIZES]->() } AS children,
       COUNT { (s)-[:NEXT_PERIOD]->() } AS next
ORDER BY s.id
