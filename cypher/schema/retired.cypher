// Schema that earlier versions created and this one replaces; dropped before the current schema is applied.
// Memory ids were once unique across all groups (memory_id); they are unique within a group now (memory_group_id).
DROP CONSTRAINT memory_id IF EXISTS;
// The full-text index once covered text and speaker only; group_text_fulltext also holds the group id, so a query
// can be kept to one group inside Lucene.
DROP INDEX text_fulltext IF EXISTS;
// The pending-memory indexes once held no time, so a cycle had to read and sort a group's whole backlog to find its
// oldest page; memory_group_session_pending_ts and memory_group_day_pending_ts replace them.
DROP INDEX memory_group_session_pending IF EXISTS;
DROP INDEX memory_group_day_pending IF EXISTS;
