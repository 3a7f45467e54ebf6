// The full-text hits of each query term in one group (memories and active summaries of the asked levels, inside
// the window), with how many of the group's memories hold the term: with the group's memory count
// (recall/group-memories.cypher), what domain/term-evidence.ts turns into bm25 and coverage. Each of $terms comes with its Lucene query, kept to the
// group by domain/lucene.ts termInGroup (the groupId test here stays, as that clause can over-match); the terms
// are tokenizer words, so no Lucene syntax from the caller reaches the index. When the query names a period
// ($periodFrom, $periodTo; null when it names none), each hit also says whether it falls in it (inPeriod: a memory
// by its time, a summary by overlap; null without one). The hits come as parallel lists (ids, levels, scores,
// decays, inPeriod), not a map per hit: the driver decodes a map's keys again for every hit, a large share of
// what a recall costs the app.
WITH datetime($periodFrom) AS periodFrom, datetime($periodTo) AS periodTo
UNWIND $terms AS asked
WITH periodFrom, periodTo, asked.term AS term, asked.query AS query
CALL (query, periodFrom, periodTo) {
  CALL db.index.fulltext.queryNodes('group_text_fulltext', query, {limit: toInteger($perTerm)}) YIELD node, score
  WITH node, score, CASE WHEN node:Memory THEN 'memory' ELSE node.level END AS level
  WHERE node.groupId = $groupId AND node.archivedAt IS NULL
  WITH node, score, level,
    level IN $levels
      // A memory by its time, a summary by overlap: [from, to) against [startsAt, endsAt).
      AND ($from IS NULL OR node.ts >= datetime($from) OR node.endsAt > datetime($from))
      AND ($to IS NULL OR coalesce(node.ts, node.startsAt) < datetime($to)) AS wanted
  WITH count(CASE WHEN level = 'memory' THEN 1 END) AS memoryCount,
    collect(CASE WHEN wanted THEN [node.id, level, score, coalesce(node.decay, 1.0),
      CASE
        WHEN periodFrom IS NULL THEN null
        WHEN level = 'memory' THEN node.ts >= periodFrom AND node.ts < periodTo
        ELSE node.endsAt > periodFrom AND node.startsAt < periodTo
      END] END)[..toInteger($limit)] AS rows
  RETURN memoryCount, [r IN rows | r[0]] AS ids, [r IN rows | r[1]] AS levels, [r IN rows | r[2]] AS scores,
    [r IN rows | r[3]] AS decays, CASE WHEN periodFrom IS NULL THEN null ELSE [r IN rows | r[4]] END AS inPeriod
}
RETURN term, memoryCount, ids, levels, scores, decays, inPeriod
