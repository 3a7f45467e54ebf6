// How a group's memories carry their pending flags: still pending (true), or a flag set false, which the roll-up
// no longer leaves (it removes a flag once a summary covers the memory) but older versions did.
MATCH (m:Memory {groupId: $groupId})
RETURN count(CASE WHEN m.sessionPending THEN 1 END) AS sessionPending,
       count(CASE WHEN m.dayPending THEN 1 END) AS dayPending,
       count(CASE WHEN m.sessionPending = false OR m.dayPending = false THEN 1 END) AS setFalse,
       count(m) AS memories
