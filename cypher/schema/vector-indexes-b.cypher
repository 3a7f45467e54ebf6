// Slot b's indexes (graph/vector-slots.ts), made as vector-indexes.cypher makes slot a's.
CREATE VECTOR INDEX summary_embedding_b IF NOT EXISTS FOR (s:Summary) ON s.embeddingB
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}};
CREATE VECTOR INDEX era_embedding_b IF NOT EXISTS FOR (e:Era) ON e.embeddingB
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}};
