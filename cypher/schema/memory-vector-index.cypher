// The memories' vector index, made only for an embedder whose vectors carry meaning (schema.ts): the hashing
// embedder's similarity is word overlap, which the full-text index finds already, and keeping an HNSW graph of
// every memory's vector up to date was about a third of each ingest batch's time. Built as vector-indexes.cypher
// builds the others.
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS FOR (m:Memory) ON m.embedding
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}}
