// One vector index per label (a Neo4j 5 rule); the size comes from the configured embedder. Memories have theirs
// apart (memory-vector-index.cypher): only an embedder whose vectors carry meaning gets one.
// Without scalar quantization: with it, the server computes quantiles over the vectors each time it flushes them
// into the index, which profiled at about a tenth of its CPU over an ingest and roll-up. The price is index size
// (4 bytes a dimension instead of 1); scores become exact. schema.ts rebuilds an index that quantizes, from the
// stored vectors.
CREATE VECTOR INDEX summary_embedding IF NOT EXISTS FOR (s:Summary) ON s.embedding
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}};
CREATE VECTOR INDEX era_embedding IF NOT EXISTS FOR (e:Era) ON e.embedding
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}};
