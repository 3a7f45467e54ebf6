// The groups whose count of term statistics is under way (graph/term-stats.ts): those with a termCursor.
MATCH (g:Group)
WHERE g.termCursor IS NOT NULL
RETURN g.id AS id
ORDER BY id
