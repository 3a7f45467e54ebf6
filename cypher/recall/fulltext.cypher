// Lexical hits over memories and summaries of one group. $luceneQuery is built from escaped query terms.
CALL db.index.fulltext.queryNodes('text_fulltext', $luceneQuery, {limit: $candidates}) YIELD node, score
WHERE node.groupId = $groupId
RETURN node.id AS id, CASE WHEN node:Memory THEN 'memory' ELSE node.level END AS level, score
ORDER BY score DESC
LIMIT $limit
