// A page of the group's stored term counts, in key order after $afterTerm, by a seek on the (groupId, term)
// uniqueness index that stops at $limit.
MATCH (t:Term {groupId: $groupId})
// A seek, not a scan of the whole index (see term-memories-page).
USING INDEX SEEK t:Term(groupId, term)
WHERE t.term > $afterTerm
WITH t
ORDER BY t.groupId, t.term
LIMIT toInteger($limit)
RETURN t.term AS term, t.memories AS memories
