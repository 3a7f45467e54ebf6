// The eras of a group that hold a background (domain/era-background.ts): the current one alone, once a cycle ran.
MATCH (e:Era {groupId: $groupId})
WHERE e.background IS NOT NULL
RETURN e.id AS id
ORDER BY e.start
