// Strata's indexes with their state and, for vector indexes, their size.
SHOW INDEXES YIELD name, type, state, options
WHERE name IN $names
RETURN name, type, state, options.indexConfig['vector.dimensions'] AS dimensions
