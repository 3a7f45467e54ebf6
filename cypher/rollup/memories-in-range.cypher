// A group's memories in [startsAt, endsAt), oldest first: the contents of one day.
MATCH (m:Memory {groupId: $groupId})
WHERE m.ts >= datetime($startsAt) AND m.ts < datetime($endsAt)
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, m.ts AS ts
ORDER BY m.ts, m.id
