// Memories the cycle has settled (their dayPending flag gone, or false as older versions left it) that are not
// under exactly one day summary of their own day.
// Memories still pending are counted apart: the next cycle takes them.
MATCH (m:Memory {groupId: $groupId})
WITH m, COUNT {
    MATCH (d:Summary {groupId: $groupId, level: 'day'})-[:SUMMARIZES]->(m)
    WHERE d.startsAt <= m.ts < d.endsAt
  } AS days
WITH m, days
WHERE m.dayPending = true OR days <> 1
RETURN coalesce(m.dayPending, false) AS pending, count(m) AS count, collect(m.id)[..5] AS examples
