// Summaries stored before the `unarchived` flag existed get it when they are still in recall: the daily archive
// finds what to archive by it (indexes.cypher summary_group_level_unarchived_ends). Once per database, in
// transactions of bounded size.
MATCH (s:Summary)
WHERE s.archivedAt IS NULL AND s.unarchived IS NULL
CALL (s) {
  SET s.unarchived = true
} IN TRANSACTIONS OF 10000 ROWS
