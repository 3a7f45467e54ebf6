// Memories not yet in any session summary, oldest first.
MATCH (m:Memory {groupId: $groupId})
WHERE m.sessionPending = true
RETURN m.id AS id, m.ts AS ts, m.sessionId AS sessionId
ORDER BY m.ts, m.id
