// Recall's lexical search in one round trip (each round trip costs both sides a socket write and a turn of the
// bolt thread): the query's terms weighed by the group's own statistics, one full-text search that ranks the group's
// texts by those weights, then the context of the best memory candidates.
//
// Terms: each of $terms comes with its Lucene query kept to the group (domain/lucene.ts termInGroup: the terms are
// tokenizer words, so no Lucene syntax from the caller reaches the index), its clause alone, and the key its
// memories are counted under (domain/term-keys.ts; null for a name searched by all its spellings, which come as
// $terms[i].spellings, lists of keys). Per term:
// - how many of the group's memories hold it: the group's Term node for its key (graph/term-stats.ts), kept exactly
//   by ingest and pruning; for a name, the memories holding each spelling's rarest word, summed (a bound from
//   above); for a group whose count is still being taken (g.termCursor), the memories among its first $perTerm hits;
// - its best score in the group, from its first few hits: over it, a hit's score is the term-frequency part of
//   BM25 alone, as every hit of one term shares the index's idf (which other groups' texts move); $terms[i].best
//   when the caller read it lately (graph/recall.ts), else read here;
// - idf, BM25's, from the group's memory count and the term's.
// The search: one Lucene query, every term's clause boosted by its idf over its best score, so Lucene's score of a
// text is the sum domain/term-evidence.ts calls bm25 (per term held, its score over the term's best, times its idf
// in the group), and Lucene picks the first $candidates itself. Boosts go as whole numbers (the query parser takes
// no exponent), scaled by $boostScale, and scores come back divided by it. Kept to the group and to the asked
// levels and window afterwards (a memory by its time; a summary by overlap ([from, to) against [startsAt,
// endsAt)), being in recall still and, for a question asked at $asOf, having ended by then). When the query names a
// period ($periodFrom, $periodTo; null when it names none), each hit says whether it falls in it (inPeriod: a
// memory by its time, a summary by overlap). Hits come as parallel lists with their texts (from which recall tells
// which terms each holds, how often, and the text's length, to score a memory again by its group's own average
// length: domain/group-bm25.ts), speakers, sessions and, for a memory, its time: a memory that ranks is then whole
// without a second round trip, wherever in the hits it was.
//
// The group's memory count is $groupMemories when the caller knows it, else counted here (a seek over every memory
// of the group, so the caller keeps it a while: graph/recall.ts).
//
// Context: the $contextCandidates memory hits with the best bm25 (ties by id). For each (its own fields come with
// the hits already), the turns just before and after it in its conversation, along its NEXT_TURN links
// (graph/turns.ts), if within $gapMinutes: read by two ordered range seeks a candidate, they took a quarter of
// this statement's CPU in Neo4j (bench:recall's questions: 3.57 ms a search, 2.67 along the links). The summaries
// above the candidates are read apart, and only when one ranks (recall/links-above.cypher).
// Entities: with $entityQuery (domain/lucene.ts entityNamesInGroup; null for none), the group's entities one of
// whose names holds a word of the query, best matched first, at most $entityLimit, as recall/named-entities.cypher
// reads them. Read here rather than before the search, which saves a round trip a recall: the search asks names by
// every spelling on a guess of the entities the query names, and recall searches again when these say otherwise
// (recall/recall.ts).
// Times come as epoch milliseconds, which cross the wire for a fraction of what a datetime costs to decode.
// Planned once and kept (replan=skip): every lookup is a seek on a unique key, a hinted seek or a full-text call, so a
// plan made on an empty database is the plan for any. Planning it costs 120 to 400 ms, and while groups are being
// added their indexes' selectivity moves enough for Neo4j to plan it again every few seconds: in bench:longmemeval
// (a group a question), 13 of 100 recalls took 200 to 530 ms, where the median took 23; kept, 6 did, among them
// the first two and the first to name a period: after a start, the first search with a window, a period or asOf
// costs 500 to 600 ms once, and as much when '' stands for none, so that no parameter changes type.
CYPHER replan=skip
OPTIONAL MATCH (g:Group {id: $groupId})
CALL () {
  RETURN CASE WHEN $groupMemories IS NULL THEN COUNT {
      MATCH (m:Memory {groupId: $groupId})
      USING INDEX SEEK m:Memory(groupId)
    }
    ELSE $groupMemories END AS groupMemories
}
CALL () {
  UNWIND $keys AS key
  OPTIONAL MATCH (t:Term {groupId: $groupId, term: key})
  RETURN collect({key: key, memories: coalesce(t.memories, 0)}) AS counts
}
// The summed length of the group's memory texts ($lengthKey, one of $keys: domain/term-keys.ts LENGTH_KEY), by which
// recall normalises a memory hit's term frequency (domain/group-bm25.ts); null while the group's count is under
// way, when it holds only the memories counted so far.
WITH groupMemories, counts, g.termCursor IS NULL AS counted,
  CASE WHEN g.termCursor IS NULL THEN [c IN counts WHERE c.key = $lengthKey][0].memories END AS groupLength,
  datetime($periodFrom) AS periodFrom, datetime($periodTo) AS periodTo, datetime($from) AS fromTime,
  datetime($to) AS toTime, datetime($asOf) AS asOfTime
UNWIND $terms AS asked
CALL (asked) {
  WITH asked WHERE asked.best IS NULL
  CALL db.index.fulltext.queryNodes('group_text_fulltext', asked.query, {limit: toInteger($bestOf)})
    YIELD node, score
  WITH node, score WHERE node.groupId = $groupId
  RETURN max(score) AS found
}
CALL (asked, counted) {
  WITH asked WHERE NOT counted
  CALL db.index.fulltext.queryNodes('group_text_fulltext', asked.query, {limit: toInteger($perTerm)})
    YIELD node
  WITH node WHERE node:Memory AND node.groupId = $groupId
  RETURN count(node) AS listed
}
WITH groupMemories, groupLength, periodFrom, periodTo, fromTime, toTime, asOfTime, asked,
  coalesce(asked.best, found) AS best,
  CASE
    WHEN NOT counted THEN listed
    WHEN asked.key IS NOT NULL THEN [c IN counts WHERE c.key = asked.key][0].memories
    ELSE reduce(total = 0, spelling IN asked.spellings | total + reduce(least = groupMemories,
      memories IN [key IN spelling | [c IN counts WHERE c.key = key][0].memories] |
        CASE WHEN memories < least THEN memories ELSE least END))
  END AS held
WITH groupMemories, groupLength, periodFrom, periodTo, fromTime, toTime, asOfTime, asked, best,
  CASE WHEN held > groupMemories THEN groupMemories ELSE held END AS memoryCount
WITH groupMemories, groupLength, periodFrom, periodTo, fromTime, toTime, asOfTime, asked, best, memoryCount,
  log(1 + (groupMemories - memoryCount + 0.5) / (memoryCount + 0.5)) AS idf
WITH groupMemories, groupLength, periodFrom, periodTo, fromTime, toTime, asOfTime,
  collect({term: asked.term, memoryCount: memoryCount, best: best,
    boost: CASE WHEN best > 0 THEN toInteger(round(idf / best * $boostScale)) ELSE 0 END, clause: asked.clause}) AS terms
WITH groupMemories, groupLength, periodFrom, periodTo, fromTime, toTime, asOfTime, terms,
  reduce(query = '', t IN terms | CASE WHEN t.boost > 0 THEN query + ' ' + t.clause + '^' + toString(t.boost)
    ELSE query END) AS disjunction
CALL (disjunction, periodFrom, periodTo, fromTime, toTime, asOfTime) {
  UNWIND CASE WHEN disjunction = '' THEN [] ELSE [$groupClause + ' +(' + disjunction + ')'] END AS search
  CALL db.index.fulltext.queryNodes('group_text_fulltext', search, {limit: toInteger($candidates)})
    YIELD node, score
  WITH node, score
  WHERE node.groupId = $groupId AND CASE
    WHEN node:Memory THEN 'memory' IN $levels AND (fromTime IS NULL OR node.ts >= fromTime)
      AND (toTime IS NULL OR node.ts < toTime)
    ELSE node.archivedAt IS NULL AND node.level IN $levels AND ((fromTime IS NULL AND toTime IS NULL) OR
      ((fromTime IS NULL OR node.endsAt > fromTime) AND (toTime IS NULL OR node.startsAt < toTime)
        AND (asOfTime IS NULL OR node.endsAt <= asOfTime)))
  END
  WITH node, score / $boostScale AS bm25, node:Memory AS memory
  RETURN collect(node) AS nodes, collect(node.id) AS ids,
    collect(CASE WHEN memory THEN 'memory' ELSE node.level END) AS levels,
    collect(bm25) AS scores, collect(CASE WHEN memory THEN 1.0 ELSE coalesce(node.decay, 1.0) END) AS decays,
    collect(node.text) AS texts, collect(coalesce(node.speaker, '')) AS speakers,
    collect(CASE WHEN memory THEN coalesce(node.sessionId, '') ELSE '' END) AS sessions,
    collect(CASE WHEN memory THEN node.ts.epochMillis ELSE 0 END) AS times,
    collect(CASE WHEN periodFrom IS NULL THEN false WHEN memory THEN node.ts >= periodFrom AND node.ts < periodTo
      ELSE node.endsAt > periodFrom AND node.startsAt < periodTo END) AS inPeriod
}
WITH groupMemories, groupLength, [t IN terms | t {.term, .memoryCount, .best}] AS terms, nodes,
  {ids: ids, levels: levels, scores: scores, decays: decays, texts: texts, speakers: speakers, sessions: sessions,
    times: times, inPeriod: inPeriod}
    AS hits
CALL (hits, nodes) {
  UNWIND range(0, size(hits.ids) - 1) AS i
  WITH nodes[i] AS m, hits.ids[i] AS id, hits.scores[i] AS bm25
  WHERE hits.levels[i] = 'memory'
  ORDER BY bm25 DESC, id
  LIMIT toInteger($contextCandidates)
  WITH collect(m) AS candidates
  // In a subquery of its own, so that no candidates still give one row (an empty context).
  CALL (candidates) {
    UNWIND candidates AS m
    RETURN collect({id: m.id,
      previous: COLLECT {
        MATCH (p:Memory)-[:NEXT_TURN]->(m)
        WHERE p.ts >= m.ts - duration({minutes: $gapMinutes})
        RETURN {id: p.id, text: p.text, speaker: p.speaker, tsMillis: p.ts.epochMillis}
      },
      next: COLLECT {
        MATCH (m)-[:NEXT_TURN]->(n:Memory)
        WHERE n.ts <= m.ts + duration({minutes: $gapMinutes})
        RETURN {id: n.id, text: n.text, speaker: n.speaker, tsMillis: n.ts.epochMillis}
      }}) AS context
  }
  RETURN context
}
CALL () {
  UNWIND CASE WHEN $entityQuery IS NULL THEN [] ELSE [$entityQuery] END AS entityQuery
  CALL db.index.fulltext.queryNodes('entity_names_fulltext', entityQuery, {limit: toInteger($entityLimit)})
    YIELD node, score
  WITH node AS e, score
  WHERE e:Entity AND e.groupId = $groupId AND ($asOf IS NULL OR e.firstSeen <= datetime($asOf))
  WITH e, score
  ORDER BY score DESC, e.id
  RETURN collect(e {
    .id, .groupId, .kind, .name, .aliases, .mentions, .sessions,
    firstSeen: e.firstSeen, lastSeen: e.lastSeen
  }) AS entities
}
RETURN terms, groupMemories, groupLength, hits, context, entities
