// The embedder the database's vectors come from, the slot they are in (graph/vector-slots.ts), a re-embedding under
// way if any (jobs/reembed.ts), and whether there are vectors at all (label counts, from the count store).
OPTIONAL MATCH (s:StrataSchema {id: 'strata'})
RETURN s.embedder AS embedder, s.embedderDimension AS dimension, coalesce(s.vectorSlot, 'a') AS slot,
       s.reembedTo AS reembedTo, s.reembedDimension AS reembedDimension, s.reembedSemantic AS reembedSemantic,
       COUNT { MATCH (m:Memory) } + COUNT { MATCH (x:Summary) } + COUNT { MATCH (e:Era) } AS nodes
