// Every group, in id order: a re-embedding works through them one at a time (jobs/reembed.ts).
MATCH (g:Group)
RETURN g.id AS id
ORDER BY id
