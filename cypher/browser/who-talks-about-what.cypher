// Strata · who talks about what (table): for each speaker, the entities that come up most in the sessions they
// take part in (a session's five most active speakers, Summary.activeUsers), with how many such sessions name each
// and how often. Sessions link entities, not single messages: "came up while they talked", not "they said it".
// Set speaker to one name (as stored in Memory.speaker) for that speaker only.
// Run first:
//   :param groupId => 'demo-1'
//   :param speaker => null
MATCH (s:Session {groupId: $groupId})-[m:MENTIONS_ENTITY]->(e:Entity)
UNWIND s.activeUsers AS speaker
WITH speaker, e, m
WHERE $speaker IS NULL OR speaker = $speaker
// A speaker named in their own sessions is not what they talk about.
  AND toLower(speaker) <> toLower(e.name)
WITH speaker, e, count(m) AS sessions, sum(m.count) AS mentions
ORDER BY speaker, sessions DESC, mentions DESC, e.name
WITH speaker, collect({entity: e.name, kind: e.kind, sessions: sessions, mentions: mentions})[..5] AS top
UNWIND top AS row
RETURN speaker, row.entity AS entity, row.kind AS kind, row.sessions AS sessions, row.mentions AS mentions
ORDER BY speaker, sessions DESC, mentions DESC
