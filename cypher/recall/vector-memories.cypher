// Nearest memories to the query vector. The index cannot pre-filter, so the caller over-fetches ($candidates)
// and this keeps the group's hits inside the time window [from, to).
CALL db.index.vector.queryNodes($memoryVectorIndex, toInteger($candidates), $vector) YIELD node, score
WHERE node.groupId = $groupId
  AND ($from IS NULL OR node.ts >= datetime($from))
  AND ($to IS NULL OR node.ts < datetime($to))
RETURN node.id AS id, 'memory' AS level, score, 1.0 AS decay
ORDER BY score DESC
LIMIT toInteger($limit)
