// Slot b's memory index (graph/vector-slots.ts), made as memory-vector-index.cypher makes slot a's.
CREATE VECTOR INDEX memory_embedding_b IF NOT EXISTS FOR (m:Memory) ON m.embeddingB
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}}
