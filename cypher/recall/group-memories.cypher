// How many memories a group holds: the document count of its term weights (domain/term-evidence.ts idf). An index
// seek over every memory of the group, so recall reads it at most once a minute per group (graph/recall.ts).
RETURN COUNT { MATCH (m:Memory {groupId: $groupId}) } AS groupMemories
