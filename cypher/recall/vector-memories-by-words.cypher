// Nearest memories to the query vector where memories have no vector index (an embedder whose similarity is word
// overlap: graph/schema.ts). A memory that shares no word with the query is not similar to it, and every one that
// does is a full-text hit of $query (its words, kept to the group by domain/lucene.ts anyTermInGroup): the exact
// cosine over the best $candidates of those finds what the index would (less a memory that shares only part of a
// word, with HASHING_CHAR_NGRAMS), reading a few hundred vectors. The caller falls back to the exact scan when a time
// window leaves too few.
CALL db.index.fulltext.queryNodes('group_text_fulltext', $query, {limit: toInteger($candidates)}) YIELD node
WHERE node:Memory AND node.groupId = $groupId
  AND ($from IS NULL OR node.ts >= datetime($from))
  AND ($to IS NULL OR node.ts < datetime($to))
WITH node, vector.similarity.cosine(node[$vectorKey], $vector) AS score
ORDER BY score DESC
LIMIT toInteger($limit)
RETURN node.id AS id, 'memory' AS level, score, 1.0 AS decay
