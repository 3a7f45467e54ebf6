// Tests only: a database as Strata at schema version 8 left it: term statistics counted, but without the texts'
// summed length (domain/term-keys.ts LENGTH_KEY), nor the record of their recount's start.
MERGE (s:StrataSchema {id: 'strata'})
SET s.version = 8
REMOVE s.termRecountStarted
WITH s
OPTIONAL MATCH (t:Term {groupId: $groupId, term: $lengthKey})
DELETE t
