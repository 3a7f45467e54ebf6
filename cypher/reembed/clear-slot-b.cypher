// Removes slot b's vectors (graph/vector-slots.ts) from every memory, summary and era, in transactions of
// bounded size: the slot a re-embedding is about to fill, or the one it left behind. Auto-commit only.
CALL () {
  MATCH (n:Memory) WHERE n.embeddingB IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:Summary) WHERE n.embeddingB IS NOT NULL OR n.contentEmbeddingB IS NOT NULL RETURN n
  UNION ALL
  MATCH (n:Era) WHERE n.embeddingB IS NOT NULL RETURN n
}
CALL (n) {
  REMOVE n.embeddingB, n.contentEmbeddingB
} IN TRANSACTIONS OF 5000 ROWS
RETURN count(n) AS cleared
