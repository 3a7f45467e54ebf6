// Instants of the memories not yet in a day summary, as epoch milliseconds; the cycle buckets them into days in the
// group's time zone.
MATCH (m:Memory {groupId: $groupId})
USING INDEX m:Memory(groupId, dayPending)
WHERE m.dayPending = true
RETURN m.ts.epochMillis AS tsMillis
