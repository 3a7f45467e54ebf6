// Recall's lexical search in one round trip (each round trip costs both sides a socket write and a turn of the
// bolt thread): each query term through the full-text index, then the context of the best memory candidates.
//
// Terms: each of $terms comes with its Lucene query, kept to the group by domain/lucene.ts termInGroup (the groupId
// test here stays, as that clause can over-match), and the two parts its pair queries are made of; the terms are
// tokenizer words, so no Lucene syntax from the caller reaches the index. Per term: its hits in the group (memories
// and active summaries of the asked levels, inside the window) and how many of the group's memories hold it, which
// with the group's memory count is what domain/term-evidence.ts turns into bm25 and coverage. When the query names a
// period ($periodFrom, $periodTo; null when it names none), each hit also says whether it falls in it (inPeriod: a
// memory by its time, a summary by overlap). Hits come as parallel lists, not a map per hit (the driver decodes a
// map's keys again for every hit), memories apart from summaries: a memory's level and decay go without saying, and
// most hits are memories.
//
// The group's memory count is $groupMemories when the caller knows it, else counted here (a seek over every memory
// of the group, so the caller keeps it a while: graph/recall.ts).
//
// Context: the $contextCandidates memory hits with the best bm25 of their own, the same sum as lexicalEvidence in
// domain/term-evidence.ts (per term held, the hit's score over the term's best, times the term's idf in the group),
// ties by id. For each, its own fields; the turns just before and after it in its conversation (the same session
// id, or neither has one, within $gapMinutes: one range seek on (groupId, ts) per direction, each bound written
// out, since the planner seeks only one bound of a chained comparison; ordered by the index's own properties, so
// that the index hands the turns over from the candidate outwards and the seek stops at the first one of its
// conversation, ties in time by id, where a sort by time read the whole window: in a group with a message every
// 9 seconds, 22 ms of Neo4j's CPU per search against 9.5). Once for all candidates: the SUMMARIZES links above
// them (each [parent id, child id]), each link once, since candidates share their days, weeks and months; their
// own parents come among the links (read per candidate as well, they cost 0.5 ms more of Neo4j's CPU a search at
// 10,000 memories). graph/recall.ts rebuilds from the links the path down from every summary above a candidate,
// so a summary hit can show the candidates beneath it without walking down through its period.
// Times come as epoch milliseconds, which cross the wire for a fraction of what a datetime costs to decode.
CALL () {
  RETURN CASE WHEN $groupMemories IS NULL THEN COUNT { MATCH (m:Memory {groupId: $groupId}) }
    ELSE $groupMemories END AS groupMemories
}
WITH groupMemories, datetime($periodFrom) AS periodFrom, datetime($periodTo) AS periodTo, datetime($from) AS fromTime,
  datetime($to) AS toTime, datetime($asOf) AS asOfTime
// Each term's own list: its best-scored hits in the group, at most $perTerm.
UNWIND $terms AS asked
CALL (asked) {
  CALL db.index.fulltext.queryNodes('group_text_fulltext', asked.query, {limit: toInteger($perTerm)})
    YIELD node, score
  RETURN collect(node) AS listed, collect(score) AS listedScores
}
WITH groupMemories, periodFrom, periodTo, fromTime, toTime, asOfTime,
  collect({asked: asked, listed: listed, scores: listedScores}) AS searched
WITH groupMemories, periodFrom, periodTo, fromTime, toTime, asOfTime, searched,
  [s IN searched WHERE size(s.listed) < $perTerm | s.asked] AS wholeTerms
UNWIND searched AS own
CALL (own, wholeTerms, periodFrom, periodTo, fromTime, toTime, asOfTime) {
  // A full list holds the term's best-scored hits, short messages before all, and may leave out the ones that hold
  // the rest of the query. Those holding a term whose list is whole come from one search per such term, the pair
  // (the term's pairStart and the other's clause: domain/lucene.ts pairQueryStart), led by that term's short
  // postings and ranked by its score. Each takes the list's lowest score, the most its own can be, and is not
  // counted among the term's memories, which weigh it. Two terms too common for their lists are left to their
  // lists: that search would score most of a large group.
  CALL (own, wholeTerms) {
    UNWIND CASE WHEN size(own.listed) >= $perTerm THEN wholeTerms ELSE [] END AS other
    CALL db.index.fulltext.queryNodes('group_text_fulltext', own.asked.pairStart + other.clause,
      {limit: toInteger($perPair)})
      YIELD node
    WITH node WHERE NOT node IN own.listed
    RETURN collect(DISTINCT node) AS met
  }
  // The term's hits (its list, then what the pairs met, these at the list's lowest score), kept to the group, as
  // positions in list comprehensions over the term's one row: a row per hit cost the runtime a pass of each
  // operator after it (about 0.6 ms of this statement's 4.7 of Neo4j CPU, in groups of 10,000). Each property read
  // walks the node's property chain, and a missing one walks all of it: a memory (the most hits) is never archived
  // and has no decay, and its time is read only when a window or a period asks for it.
  WITH own, own.listed + met AS nodes, size(own.listed) AS listedSize,
    own.scores + [x IN met | last(own.scores)] AS scores
  WITH own, nodes, scores, listedSize,
    [i IN range(0, size(nodes) - 1) WHERE nodes[i]:Memory AND nodes[i].groupId = $groupId | i] AS memoryAt,
    [i IN range(0, size(nodes) - 1) WHERE NOT nodes[i]:Memory AND nodes[i].groupId = $groupId
      AND nodes[i].archivedAt IS NULL | i] AS summaryAt
  // Those of the asked levels inside the window: a memory by its time, a summary by overlap ([from, to) against
  // [startsAt, endsAt)) and, for a question asked at $asOf, by having ended by then. The term's memory count is of
  // its list alone, in the window or not.
  WITH own, nodes, scores, size([i IN memoryAt WHERE i < listedSize]) AS memoryCount,
    CASE
      WHEN NOT 'memory' IN $levels THEN []
      WHEN fromTime IS NULL AND toTime IS NULL THEN memoryAt
      ELSE [i IN memoryAt WHERE (fromTime IS NULL OR nodes[i].ts >= fromTime)
        AND (toTime IS NULL OR nodes[i].ts < toTime)]
    END AS memories,
    [i IN summaryAt WHERE nodes[i].level IN $levels AND CASE
      WHEN fromTime IS NULL AND toTime IS NULL THEN true
      ELSE (fromTime IS NULL OR nodes[i].endsAt > fromTime) AND (toTime IS NULL OR nodes[i].startsAt < toTime)
        AND (asOfTime IS NULL OR nodes[i].endsAt <= asOfTime)
    END] AS summaries
  // One list per field, in the index's order.
  RETURN {term: own.asked.term, memoryCount: memoryCount,
    memoryIds: [i IN memories | nodes[i].id], memoryScores: [i IN memories | scores[i]],
    summaryIds: [i IN summaries | nodes[i].id], summaryLevels: [i IN summaries | nodes[i].level],
    summaryScores: [i IN summaries | scores[i]], summaryDecays: [i IN summaries | coalesce(nodes[i].decay, 1.0)],
    memoryInPeriod: CASE WHEN periodFrom IS NULL THEN null
      ELSE [i IN memories | nodes[i].ts >= periodFrom AND nodes[i].ts < periodTo] END,
    summaryInPeriod: CASE WHEN periodFrom IS NULL THEN null
      ELSE [i IN summaries | nodes[i].endsAt > periodFrom AND nodes[i].startsAt < periodTo] END} AS termHits
}
WITH groupMemories, collect(termHits) AS terms
CALL (groupMemories, terms) {
  UNWIND terms AS t
  WITH t, reduce(best = 0.0, s IN t.memoryScores + t.summaryScores | CASE WHEN s > best THEN s ELSE best END) AS best,
    CASE WHEN groupMemories > t.memoryCount THEN groupMemories ELSE t.memoryCount END AS documents
  WITH t, best, log(1 + (documents - t.memoryCount + 0.5) / (t.memoryCount + 0.5)) AS idf
  UNWIND range(0, size(t.memoryIds) - 1) AS i
  WITH t.memoryIds[i] AS id, CASE WHEN best > 0 THEN t.memoryScores[i] / best * idf ELSE 0.0 END AS part
  WITH id, sum(part) AS bm25
  ORDER BY bm25 DESC, id
  LIMIT toInteger($contextCandidates)
  // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
  // the group (see ingest/find-memories.cypher).
  MATCH (m:Memory {groupId: $groupId, id: id})
  USING INDEX SEEK m:Memory(groupId, id)
  WITH collect(m) AS candidates
  CALL (candidates) {
    UNWIND candidates AS c
    MATCH up = (c)<-[:SUMMARIZES*1..4]-()
    UNWIND relationships(up) AS link
    WITH DISTINCT link
    RETURN collect([startNode(link).id, endNode(link).id]) AS links
  }
  // In a subquery of its own, so that no candidates still give one row (an empty context).
  CALL (candidates) {
    UNWIND candidates AS m
    RETURN collect({id: m.id, text: m.text, speaker: m.speaker, tsMillis: m.ts.epochMillis,
      previous: COLLECT {
        MATCH (p:Memory {groupId: $groupId})
        USING INDEX SEEK p:Memory(groupId, ts)
        WHERE p.ts >= m.ts - duration({minutes: $gapMinutes}) AND p.ts < m.ts
          AND coalesce(p.sessionId, '') = coalesce(m.sessionId, '')
        RETURN {id: p.id, text: p.text, speaker: p.speaker, tsMillis: p.ts.epochMillis}
        ORDER BY p.groupId DESC, p.ts DESC, p.id
        LIMIT 1
      },
      next: COLLECT {
        MATCH (n:Memory {groupId: $groupId})
        USING INDEX SEEK n:Memory(groupId, ts)
        WHERE n.ts > m.ts AND n.ts <= m.ts + duration({minutes: $gapMinutes})
          AND coalesce(n.sessionId, '') = coalesce(m.sessionId, '')
        RETURN {id: n.id, text: n.text, speaker: n.speaker, tsMillis: n.ts.epochMillis}
        ORDER BY n.groupId, n.ts, n.id
        LIMIT 1
      }}) AS context
  }
  RETURN context, links
}
RETURN terms, groupMemories, context, links
