// Tests only: a count of a group's term statistics altered by hand, the node made when the key has none.
MERGE (t:Term {groupId: $groupId, term: $term})
SET t.memories = $memories
