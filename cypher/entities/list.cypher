// A page of a group's entities, in one row: whether the group exists, and its entities of $kind (all without),
// whose name or an alias holds $name (any case), seen within [$from, $to), most mentioned or most recently seen
// first (ties by id), $offset skipped, at most $limit + 1 (one more tells the caller a next page exists).
// A group's entities are filtered and sorted whole: some thousands in a busy group, each a small node.
OPTIONAL MATCH (g:Group {id: $groupId})
CALL (g) {
  MATCH (e:Entity {groupId: $groupId})
  WHERE g IS NOT NULL
    AND ($kind IS NULL OR e.kind = $kind)
    AND ($name IS NULL OR toLower(e.name) CONTAINS toLower($name)
      OR any(alias IN e.aliases WHERE toLower(alias) CONTAINS toLower($name)))
    AND ($from IS NULL OR e.lastSeen >= datetime($from))
    AND ($to IS NULL OR e.firstSeen < datetime($to))
  WITH e
  ORDER BY CASE WHEN $sort = 'recent' THEN e.lastSeen.epochMillis ELSE e.mentions END DESC, e.id
  SKIP toInteger($offset)
  LIMIT toInteger($limit) + 1
  RETURN collect(e {
    .id, .groupId, .kind, .name, .aliases, .mentions, .sessions,
    firstSeen: e.firstSeen, lastSeen: e.lastSeen
  }) AS entities
}
RETURN g IS NOT NULL AS groupExists, entities
