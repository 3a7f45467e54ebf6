// One round trip for the ranked hits that need it: each one's own fields, then for a summary or era the memories
// beneath it: first those recall found beneath it ($hits[i].known, ids and paths, best first), then up to
// $hits[i].fill more, the closest to the query among the first $scan the walk down reaches (so a month costs what
// a day does); and its NEXT_PERIOD neighbours (those that had ended by $asOf, when the question is asked then). Each
// detail's score is its similarity to the query.
// Planned once and kept (replan=skip): every lookup is a seek on a unique key or a hinted seek, and every walk starts
// from a node found so, so a plan made on an empty database is the plan for any; planning it again as groups are
// added cost a recall about 200 ms (see recall/lexical-search.cypher).
CYPHER replan=skip
UNWIND range(0, size($hits) - 1) AS rank
WITH rank, $hits[rank] AS hit
CALL (hit) {
  // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
  // the group (see ingest/find-memories.cypher).
  MATCH (n:Memory {groupId: $groupId, id: hit.id})
  USING INDEX SEEK n:Memory(groupId, id)
  RETURN n
  UNION
  MATCH (n:Summary {id: hit.id})
  RETURN n
  UNION
  MATCH (n:Era {id: hit.id})
  RETURN n
}
WITH rank, hit, n,
  CASE WHEN size(hit.known) > 0 AND NOT n:Memory THEN COLLECT {
    UNWIND range(0, size(hit.known) - 1) AS i
    MATCH (m:Memory {groupId: $groupId, id: hit.known[i].id})
    USING INDEX SEEK m:Memory(groupId, id)
    WITH i, m
    ORDER BY i
    RETURN {id: m.id, text: m.text, speaker: m.speaker, ts: m.ts,
            score: vector.similarity.cosine(m[$vectorKey], $vector), path: hit.known[i].path}
  } ELSE [] END +
  CASE WHEN hit.fill > 0 AND NOT n:Memory THEN COLLECT {
    MATCH p = (n)-[:SUMMARIZES*1..4]->(m:Memory)
    WHERE ($from IS NULL OR m.ts >= datetime($from)) AND ($to IS NULL OR m.ts < datetime($to))
      AND NOT m.id IN [k IN hit.known | k.id]
    WITH m, p
    LIMIT toInteger($scan)
    WITH m, [x IN nodes(p) | x.id] AS path, vector.similarity.cosine(m[$vectorKey], $vector) AS score
    ORDER BY score DESC, m.ts
    RETURN {id: m.id, text: m.text, speaker: m.speaker, ts: m.ts, score: score, path: path}
  }[..toInteger(hit.fill)] ELSE [] END AS details,
  COLLECT {
    MATCH p = (x)-[:NEXT_PERIOD*1..3]->(n)
    WHERE length(p) <= $sideways AND ($asOf IS NULL OR x.endsAt <= datetime($asOf))
    RETURN {id: x.id, level: coalesce(x.level, 'era'), periodStart: toString(coalesce(x.periodStart, x.start)),
            periodEnd: toString(coalesce(x.periodEnd, x.end)), text: coalesce(x.text, x.theme),
            direction: 'previous', steps: length(p)}
  } + COLLECT {
    MATCH p = (n)-[:NEXT_PERIOD*1..3]->(x)
    WHERE length(p) <= $sideways AND ($asOf IS NULL OR x.endsAt <= datetime($asOf))
    RETURN {id: x.id, level: coalesce(x.level, 'era'), periodStart: toString(coalesce(x.periodStart, x.start)),
            periodEnd: toString(coalesce(x.periodEnd, x.end)), text: coalesce(x.text, x.theme),
            direction: 'next', steps: length(p)}
  } AS neighbours
RETURN rank, n.id AS id,
  CASE WHEN n:Memory THEN 'memory' WHEN n:Era THEN 'era' ELSE 'summary' END AS kind,
  CASE WHEN n:Memory THEN 'memory' WHEN n:Era THEN 'era' ELSE n.level END AS level,
  coalesce(n.text, n.theme) AS text, n.speaker AS speaker, n.ts AS ts,
  toString(coalesce(n.periodStart, n.start)) AS periodStart, toString(coalesce(n.periodEnd, n.end)) AS periodEnd,
  details, neighbours
ORDER BY rank
