// Records the embedder the database's vectors come from and their slot; ends any re-embedding record.
MERGE (s:StrataSchema {id: 'strata'})
SET s.embedder = $embedder,
    s.embedderDimension = toInteger($dimension),
    s.vectorSlot = $slot,
    s.embedderSince = datetime(),
    s.updatedAt = datetime()
REMOVE s.reembedTo, s.reembedDimension, s.reembedSemantic, s.reembedStartedAt
