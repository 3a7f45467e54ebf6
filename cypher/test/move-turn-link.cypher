// Tests only: a memory's NEXT_TURN altered by hand, moved to another memory of the group, or taken away when $to is
// null.
MATCH (from:Memory {groupId: $groupId, id: $from})-[link:NEXT_TURN]->()
DELETE link
WITH from
OPTIONAL MATCH (to:Memory {groupId: $groupId, id: $to})
FOREACH (target IN [node IN [to] WHERE node IS NOT NULL] | CREATE (from)-[:NEXT_TURN]->(target))
