// One round trip for every ranked hit: its own fields, then for a summary or era that asks for them ($hits[i].fill),
// memories beneath it (down SUMMARIZES, through weeks and days as needed) closest to the query, apart from those
// recall already knows to be there ($hits[i].known); and its NEXT_PERIOD neighbours. The walk down stops after
// $scan memories, so a month costs the same as a day.
UNWIND range(0, size($hits) - 1) AS rank
WITH rank, $hits[rank] AS hit
CALL (hit) {
  MATCH (n:Memory {groupId: $groupId, id: hit.id})
  RETURN n
  UNION
  MATCH (n:Summary {id: hit.id})
  RETURN n
  UNION
  MATCH (n:Era {id: hit.id})
  RETURN n
}
WITH rank, hit, n,
  CASE WHEN hit.fill > 0 AND NOT n:Memory THEN COLLECT {
    MATCH p = (n)-[:SUMMARIZES*1..4]->(m:Memory)
    WHERE ($from IS NULL OR m.ts >= datetime($from)) AND ($to IS NULL OR m.ts < datetime($to))
      AND NOT m.id IN hit.known
    WITH m, p
    LIMIT toInteger($scan)
    WITH m, [x IN nodes(p) | x.id] AS path, vector.similarity.cosine(m.embedding, $vector) AS score
    ORDER BY score DESC, m.ts
    RETURN {id: m.id, text: m.text, speaker: m.speaker, ts: m.ts, score: score, path: path}
  }[..toInteger(hit.fill)] ELSE [] END AS details,
  COLLECT {
    MATCH p = (x)-[:NEXT_PERIOD*1..3]->(n)
    WHERE length(p) <= $sideways
    RETURN {id: x.id, level: coalesce(x.level, 'era'), periodStart: toString(coalesce(x.periodStart, x.start)),
            periodEnd: toString(coalesce(x.periodEnd, x.end)), text: coalesce(x.text, x.theme),
            direction: 'previous', steps: length(p)}
  } + COLLECT {
    MATCH p = (n)-[:NEXT_PERIOD*1..3]->(x)
    WHERE length(p) <= $sideways
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
