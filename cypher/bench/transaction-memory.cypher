// Every running transaction's statement and the heap Neo4j estimates it holds, in bytes: sampled while a benchmark
// runs, for the peak transaction memory of each statement.
SHOW TRANSACTIONS YIELD currentQuery, estimatedUsedHeapMemory
RETURN currentQuery AS query, estimatedUsedHeapMemory AS bytes
