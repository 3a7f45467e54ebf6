// Removes slot a's vectors (graph/vector-slots.ts) from every memory, summary and era, in transactions of
// bounded size: the slot a re-embedding is about to fill, or the one it left behind. Auto-commit only.
CALL () {
  MATCH (n:Memory) WHERE n.embedding IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:Summary) WHERE n.embedding IS NOT NULL OR n.contentEmbedding IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:Era) WHERE n.embedding IS NOT NULL RETURN n
}
CALL (n) {
  REMOVE n.embedding, n.contentEmbedding
} IN TRANSACTIONS OF 5000 ROWS
RETURN count(n) AS cleared
