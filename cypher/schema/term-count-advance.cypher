// Moves a group's count of term statistics past the batch whose counts this transaction added ($cursor, the batch's
// last id), or ends it ($cursor null removes the property): from then on ingest and pruning count every memory.
MATCH (g:Group {id: $groupId})
SET g.termCursor = $cursor
