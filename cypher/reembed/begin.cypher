// Records a re-embedding under way: the embedder it fills the other slot with (jobs/reembed.ts). Starting
// services configured with it are told to wait for it to finish (graph/schema.ts).
MERGE (s:StrataSchema {id: 'strata'})
SET s.reembedTo = $embedder,
    s.reembedDimension = toInteger($dimension),
    s.reembedSemantic = $semantic,
    s.reembedStartedAt = datetime(),
    s.updatedAt = datetime()
