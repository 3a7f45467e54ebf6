// Records one applied migration: the database's version becomes its number, and the list of what was applied, and
// when, grows by one.
MERGE (s:StrataSchema {id: 'strata'})
SET s.version = $version,
    s.applied = coalesce(s.applied, []) + [$entry],
    s.updatedAt = datetime()
