// The full-text hits of each query term in one group (memories and active summaries of the asked levels, inside
// the window), with how many of the group's memories hold the term, and the group's memory count: what
// domain/term-evidence.ts turns into bm25 and coverage. Each of $terms comes with its Lucene query, kept to the
// group by domain/lucene.ts termInGroup (the groupId test here stays, as that clause can over-match); the terms
// are tokenizer words, so no Lucene syntax from the caller reaches the index. When the query names a period
// ($periodFrom, $periodTo; null when it names none), each hit also says whether it falls in it (inPeriod: a memory
// by its time, a summary by overlap); without one, hits carry no such field, as every field costs on every hit.
CALL () {
  RETURN COUNT { MATCH (m:Memory {groupId: $groupId}) } AS groupMemories
}
WITH groupMemories, datetime($periodFrom) AS periodFrom, datetime($periodTo) AS periodTo
UNWIND $terms AS asked
WITH groupMemories, periodFrom, periodTo, asked.term AS term, asked.query AS query
CALL (query, periodFrom, periodTo) {
  CALL db.index.fulltext.queryNodes('group_text_fulltext', query, {limit: toInteger($perTerm)}) YIELD node, score
  WITH node, score, CASE WHEN node:Memory THEN 'memory' ELSE node.level END AS level
  WHERE node.groupId = $groupId AND node.archivedAt IS NULL
  RETURN count(CASE WHEN level = 'memory' THEN 1 END) AS memoryCount,
    collect(CASE
      WHEN level IN $levels
        // A memory by its time, a summary by overlap: [from, to) against [startsAt, endsAt).
        AND ($from IS NULL OR node.ts >= datetime($from) OR node.endsAt > datetime($from))
        AND ($to IS NULL OR coalesce(node.ts, node.startsAt) < datetime($to))
      THEN CASE
        WHEN periodFrom IS NULL THEN {id: node.id, level: level, score: score, decay: coalesce(node.decay, 1.0)}
        ELSE {id: node.id, level: level, score: score, decay: coalesce(node.decay, 1.0),
          inPeriod: CASE
            WHEN level = 'memory' THEN node.ts >= periodFrom AND node.ts < periodTo
            ELSE node.endsAt > periodFrom AND node.startsAt < periodTo
          END}
      END
    END)[..toInteger($limit)] AS hits
}
RETURN term, memoryCount, hits, groupMemories
