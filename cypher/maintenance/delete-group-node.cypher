// The group's own node and its cycle lease, after its memories, summaries, eras and topics are gone.
OPTIONAL MATCH (l:CycleLease {id: $groupId})
DETACH DELETE l
WITH count(*) AS _
MATCH (g:Group {id: $groupId})
DETACH DELETE g
