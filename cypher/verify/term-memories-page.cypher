// A page of the group's memories, in id order after $afterId, by a seek on the (groupId, id) uniqueness index that
// stops at $limit: what the recount of the group's term statistics reads their words from.
MATCH (m:Memory {groupId: $groupId})
// A seek, not a scan of the whole index: the scan gives this order too, and on a small database the planner took it.
USING INDEX SEEK m:Memory(groupId, id)
WHERE m.id > $afterId
WITH m
ORDER BY m.groupId, m.id
LIMIT toInteger($limit)
RETURN m.id AS id, m.text AS text, m.speaker AS speaker
