// Which of these periods already have a summary (for dry runs, which report created versus updated).
MATCH (s:Summary {groupId: $groupId, level: $level})
WHERE s.id IN $ids
RETURN s.id AS id
