// Migration 7, first step: every group that holds memories starts a count of its term statistics from the beginning
// (graph/term-stats.ts): its termCursor becomes '', before every id, so from this commit on ingest and pruning leave
// all of its memories to the count (the counting rule). Term nodes a writer of this version made before the
// migration (a CLI import run before `migrate`) are deleted before the count's first batch (term-count-clear).
// It runs once per database, whatever happens after: the schema node records that it did (termCountStarted) in the
// same transaction, and the node's lock, taken first, orders two instances migrating at once. Run again after a
// crash (the migration is recorded only once every count is done), it finds the record and leaves alone the groups
// whose count is done (no cursor) or under way (a cursor): restarting those would count their memories twice.
MERGE (s:StrataSchema {id: 'strata'})
SET s.updatedAt = datetime()
WITH s
WHERE s.termCountStarted IS NULL
SET s.termCountStarted = datetime()
WITH s
MATCH (g:Group)
WHERE g.termCursor IS NULL AND EXISTS { MATCH (:Memory {groupId: g.id}) }
SET g.termCursor = ''
RETURN count(g) AS groups
