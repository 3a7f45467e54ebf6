// The group's NEXT_TURN links (graph/turns.ts), by the id of the turn they leave.
MATCH (m:Memory {groupId: $groupId})-[:NEXT_TURN]->(next:Memory)
RETURN m.id AS from, next.id AS to
ORDER BY from
