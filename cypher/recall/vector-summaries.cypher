// Nearest summaries of the asked levels whose period overlaps the window (and had ended by $asOf, when the question is
// asked then); over-fetched like memories.
CALL db.index.vector.queryNodes($summaryVectorIndex, toInteger($candidates), $vector) YIELD node, score
WHERE node.groupId = $groupId
  AND node.level IN $levels
  AND ($from IS NULL OR node.endsAt > datetime($from))
  AND ($to IS NULL OR node.startsAt < datetime($to))
  AND ($asOf IS NULL OR node.endsAt <= datetime($asOf))
RETURN node.id AS id, node.level AS level, score, coalesce(node.decay, 1.0) AS decay
ORDER BY score DESC
LIMIT toInteger($limit)
