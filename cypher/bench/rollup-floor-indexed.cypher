// The floor of bench:aggregate with Strata's indexes: the bare floor's writes (rollup-floor.cypher) as :Summary nodes
// of a throwaway group ($floorGroup), each with the properties the summary indexes hold and its level's label, so
// that Neo4j keeps for them every index a summary has (the id's constraint, the range indexes, full text and the
// recall vector's). What the database needs at the least for the cycle's summaries to be found by recall and by
// the cycle; still no reads, no MERGE, no summarizing. The children's relationships keep the throwaway type.
WITH [x IN range(1, toInteger($dimension)) | 0.0] AS zeros
UNWIND $rows AS row
CREATE (f:Summary {floorRun: $run, groupId: $floorGroup, id: $floorGroup + ':' + row.id, level: row.level,
  text: row.text, periodStart: date(row.periodStart), startsAt: datetime(row.startsAt),
  endsAt: datetime(row.endsAt), sessionKey: row.sessionKey, parentPending: row.parentPending, unarchived: true})
SET f:$(toUpper(left(row.level, 1)) + substring(row.level, 1))
WITH f, row, zeros
CALL db.create.setNodeVectorProperty(f, $vectorKey, CASE
  WHEN row.embedding IS NOT NULL THEN row.embedding
  ELSE reduce(v = [], i IN range(0, size(row.embeddingValues) - 1) |
    v + zeros[..row.embeddingZeros[i]] + row.embeddingValues[i]) + zeros[..last(row.embeddingZeros)]
END)
CALL (f, row) {
  WITH f, row
  WHERE row.contentEmbedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(f, $contentVectorKey, row.contentEmbedding)
}
WITH f, row
UNWIND row.children AS child
MATCH (c)
WHERE elementId(c) = child
CREATE (f)-[:BENCH_FLOOR]->(c)
RETURN count(*) AS linked
