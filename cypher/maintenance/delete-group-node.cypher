MATCH (g:Group {id: $groupId})
DETACH DELETE g
