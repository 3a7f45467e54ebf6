// Every group in the database, by the Group node ingest and settings create for it.
MATCH (g:Group)
RETURN g.id AS groupId
ORDER BY groupId
