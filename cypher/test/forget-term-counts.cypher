// Tests only: a group as a database made before term statistics has it when migration 7 has started: no Term node,
// and a count that has not begun (its cursor before every id).
MATCH (g:Group {id: $groupId})
SET g.termCursor = ''
WITH g
CALL (g) {
  MATCH (t:Term {groupId: g.id})
  WHERE t.term IS NOT NULL
  DELETE t
}
RETURN g.id AS id
