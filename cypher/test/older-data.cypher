// Tests only: a database as an earlier Strata left it: no schema version recorded, groups without the clock (the
// time of their latest memory) and the start of their backlog, and summaries without the flag that marks them in
// recall, which groups and summaries gained later, no term statistics (nor the record of their count's start), and
// no links between turns.
OPTIONAL MATCH (s:StrataSchema {id: 'strata'})
REMOVE s.version, s.termCountStarted, s.termRecountStarted
WITH count(*) AS versions
MATCH (g:Group)
WHERE g.id IN $groupIds
REMOVE g.latestMemoryAt, g.backlogSince
WITH versions, g
CALL (g) {
  MATCH (s:Summary {groupId: g.id})
  REMOVE s.unarchived
}
CALL (g) {
  MATCH (t:Term {groupId: g.id})
  WHERE t.term IS NOT NULL
  DELETE t
}
CALL (g) {
  MATCH (:Memory {groupId: g.id})-[link:NEXT_TURN]->()
  DELETE link
}
RETURN versions
