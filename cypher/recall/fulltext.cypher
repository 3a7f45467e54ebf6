// Lexical hits over memories and summaries of one group, inside the window (a memory by its time, a summary by
// overlap) and the asked levels; archived summaries are out of recall.
// $luceneQuery is built from tokenised query words, so it carries no Lucene syntax from the caller.
CALL db.index.fulltext.queryNodes('text_fulltext', $luceneQuery, {limit: toInteger($candidates)}) YIELD node, score
WITH node, score, CASE WHEN node:Memory THEN 'memory' ELSE node.level END AS level
WHERE node.groupId = $groupId
  AND level IN $levels
  AND node.archivedAt IS NULL
  AND ($from IS NULL OR coalesce(node.ts, node.endsAt) >= datetime($from))
  AND ($to IS NULL OR coalesce(node.ts, node.startsAt) < datetime($to))
RETURN node.id AS id, level, score, coalesce(node.decay, 1.0) AS decay
ORDER BY score DESC
LIMIT toInteger($limit)
