// What a cycle needs to know of its group: the time zone its days are cut in, and its clock (the time of its
// latest memory), which decay and archiving run on. No row when the group does not exist.
MATCH (g:Group {id: $groupId})
RETURN g.timezone AS timezone, g.latestMemoryAt AS latestMemoryAt
