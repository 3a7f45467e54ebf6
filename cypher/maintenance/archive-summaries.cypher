// Archives decayed summaries (the rule of archivable-summaries): their recall vector is removed, which takes them
// out of the vector index, and recall's full-text search skips them; everything else stays (period, text, counts,
// topics, MENTIONS, SUMMARIZES, NEXT_PERIOD, contentEmbedding), so drift, eras and timelines stay whole.
// Level by level ($levels: each archived level with the end its summaries decayed before, domain/decay.ts
// decayedBefore), from the (groupId, level, unarchived, endsAt) index, which holds only summaries not archived yet:
// the read is what has decayed and is still in recall, not the group's history. In batches, since the first
// archiving of an imported history takes most of its summaries at once. Each batch takes the group node's lock
// first, as every write of a cycle does (jobs/hold-group): a delete of the group waits for it, locks are taken in
// the delete's order, and a batch after the delete finds no group and archives nothing.
UNWIND $levels AS archived
MATCH (s:Summary {groupId: $groupId, level: archived.level, unarchived: true})
USING INDEX SEEK s:Summary(groupId, level, unarchived, endsAt)
WHERE s.endsAt < datetime(archived.endsBefore) AND s.decay < $minDecay
  AND (s.level = 'session' OR EXISTS { MATCH (:Summary)-[:SUMMARIZES]->(s) })
CALL (s) {
  MATCH (g:Group {id: $groupId})
  SET g.lastCycleWriteAt = datetime(), s.archivedAt = datetime()
  REMOVE s.unarchived, s.embedding, s.embeddingB
  RETURN s.level AS level
} IN TRANSACTIONS OF 1000 ROWS
RETURN level, count(*) AS count
