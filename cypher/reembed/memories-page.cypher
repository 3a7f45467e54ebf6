// The next page of a group's memories without a vector in the slot a re-embedding fills ($targetKey), in id order
// after $after: one seek on (groupId, id), which passes over those already done (a resumed run) without sorting.
MATCH (m:Memory {groupId: $groupId})
USING INDEX SEEK m:Memory(groupId, id)
WHERE m.id > $after AND m[$targetKey] IS NULL
RETURN m.id AS id, m.speaker AS speaker, m.text AS text
ORDER BY m.id
LIMIT toInteger($limit)
