// A group's memories in [startsAt, endsAt) of each period, oldest first: the contents of several days in one read.
// Instants as epoch milliseconds (cheaper to read than datetimes).
UNWIND $periods AS period
MATCH (m:Memory {groupId: $groupId})
WHERE m.ts >= datetime(period.startsAt) AND m.ts < datetime(period.endsAt)
RETURN period.key AS key, m.id AS id, m.text AS text, m.speaker AS speaker, m.ts.epochMillis AS tsMillis
ORDER BY key, m.ts, m.id
