// Before a group's count of term statistics takes its first batch (its termCursor still ''), the Term nodes a writer
// made before the count started are deleted, in bounded transactions: no writer touches them meanwhile (the
// counting rule counts no memory at cursor ''), so a crash halfway leaves the rest for the next run to delete.
MATCH (g:Group {id: $groupId})
WHERE g.termCursor = ''
MATCH (t:Term {groupId: $groupId})
WHERE t.term IS NOT NULL
CALL (t) {
  DELETE t
} IN TRANSACTIONS OF 5000 ROWS
