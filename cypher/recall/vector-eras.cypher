// Nearest eras of the group whose span overlaps the window and had ended by $asOf, when the question is asked then.
CALL db.index.vector.queryNodes($eraVectorIndex, toInteger($candidates), $vector) YIELD node, score
WHERE node.groupId = $groupId
  AND ($from IS NULL OR node.endsAt > datetime($from))
  AND ($to IS NULL OR node.startsAt < datetime($to))
  AND ($asOf IS NULL OR node.endsAt <= datetime($asOf))
RETURN node.id AS id, 'era' AS level, score, 1.0 AS decay
ORDER BY score DESC
LIMIT toInteger($limit)
