// Migration 9, first step: every group that holds memories counts its term statistics again from the beginning, as
// migration 7 first did (term-count-start.cypher says how that stays exact), so that they hold its texts' summed
// length too (domain/term-keys.ts LENGTH_KEY), which the counts of earlier versions lack. Until a group's count is
// done, recall weighs its words as during the first count and ranks its memories by Lucene's length normalisation.
// It runs once per database, as the first count does, recorded by termRecountStarted.
MERGE (s:StrataSchema {id: 'strata'})
SET s.updatedAt = datetime()
WITH s
WHERE s.termRecountStarted IS NULL
SET s.termRecountStarted = datetime()
WITH s
MATCH (g:Group)
WHERE g.termCursor IS NULL AND EXISTS { MATCH (:Memory {groupId: g.id}) }
SET g.termCursor = ''
RETURN count(g) AS groups
