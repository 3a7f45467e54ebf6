// Each of a group's eras with its stored vector, and the summaries it spans with theirs (the content vector, which
// an era's is the mean of); for checks.
MATCH (e:Era {groupId: $groupId})
RETURN e.id AS id, e.version AS version, e.text AS text, toString(e.end) AS end, e.current AS current,
  e[$vectorKey] AS embedding,
  COLLECT {
    MATCH (e)-[:SUMMARIZES]->(w:Summary)
    RETURN {periodStart: toString(w.periodStart), version: w.version,
      embedding: coalesce(w[$contentVectorKey], w[$vectorKey])}
    ORDER BY w.periodStart
  } AS weeks
ORDER BY e.start
