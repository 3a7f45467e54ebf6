// Full-text indexes refresh asynchronously; tests and benchmarks wait for them before searching.
CALL db.index.fulltext.awaitEventuallyConsistentIndexRefresh()
