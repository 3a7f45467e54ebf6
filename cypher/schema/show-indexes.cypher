// Strata's indexes with their state, what they index and how: for vector indexes, their size and whether they
// quantize; for the full-text index, its analyzer.
SHOW INDEXES YIELD name, type, state, properties, options
WHERE name IN $names
RETURN name, type, state, properties,
       options.indexConfig['vector.dimensions'] AS dimensions,
       options.indexConfig['vector.quantization.enabled'] AS quantized,
       options.indexConfig['fulltext.analyzer'] AS analyzer
