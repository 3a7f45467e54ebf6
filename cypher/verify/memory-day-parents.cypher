// Memories the cycle has settled (their dayPending flag gone, or false as older versions left it) that are not
// under exactly one day summary of their own day.
// Memories still pending are counted apart: the next cycle takes them.
// The day is found from the memory, over its two or so incoming SUMMARIZES (a session and a day): with a label or
// the group in the pattern of `d`, the planner sought every day of the group that starts before the memory, for
// each memory (a 1,000,000-memory group ran over ten minutes; from the memory it takes ten seconds). A memory's
// summaries are its group's: their ids carry the group (domain/ids.ts).
MATCH (m:Memory {groupId: $groupId})
WITH m, COUNT {
    MATCH (m)<-[:SUMMARIZES]-(d)
    WHERE d.level = 'day' AND d.startsAt <= m.ts < d.endsAt
  } AS days
WITH m, days
WHERE m.dayPending = true OR days <> 1
RETURN coalesce(m.dayPending, false) AS pending, count(m) AS count, collect(m.id)[..5] AS examples
