// Every summary of a group by period, for comparing two groups built from the same data: the level and period
// (or session key) name a period whatever the group id, messageCount says how much of it was covered.
MATCH (s:Summary {groupId: $groupId})
RETURN s.id AS id, s.level AS level, toString(s.periodStart) AS periodStart, toString(s.periodEnd) AS periodEnd,
       s.sessionKey AS sessionKey, s.messageCount AS messageCount, s.version AS version,
       s.summarizer AS summarizer
ORDER BY level, periodStart, sessionKey
