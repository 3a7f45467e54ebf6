// A group's settings: its time zone, and its own era parameters (a JSON object; null: the server's apply). One seek
// on the group node, whatever the group holds.
MATCH (g:Group {id: $groupId})
RETURN g.timezone AS timezone, g.eraParameters AS eraParameters
