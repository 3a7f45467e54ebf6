// The group's own era parameters (a JSON object), null when it has none: the server's settings apply.
MATCH (g:Group {id: $groupId})
RETURN g.eraParameters AS parameters
