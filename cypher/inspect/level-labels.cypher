// Each summary level with the extra labels its nodes carry (one per level: Session, Day, Week, Month).
MATCH (s:Summary {groupId: $groupId})
RETURN s.level AS level, [label IN labels(s) WHERE label <> 'Summary'] AS labels, count(*) AS summaries
ORDER BY level
