// One vector index per label (a Neo4j 5 rule); the size comes from the configured embedder.
CREATE VECTOR INDEX memory_embedding IF NOT EXISTS FOR (m:Memory) ON m.embedding
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX summary_embedding IF NOT EXISTS FOR (s:Summary) ON s.embedding
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX era_embedding IF NOT EXISTS FOR (e:Era) ON e.embedding
OPTIONS {indexConfig: {`vector.dimensions`: toInteger($dimension), `vector.similarity_function`: 'cosine'}};
