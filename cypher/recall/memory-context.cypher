// What recall needs around its best memory candidates, in one round trip: each memory's own fields; the turns just
// before and after it in its conversation (the same session id, or neither has one, within the idle gap that ends
// a session: one range seek on (groupId, ts) per direction, each bound written out, since the planner seeks only
// one bound of a chained comparison); and the summaries above it with the path down from each, so a summary hit
// can show the candidates beneath it without walking down through every memory of its period. Times come as epoch
// milliseconds: a number crosses the wire and the driver for a fraction of what a datetime costs to decode.
UNWIND $ids AS id
MATCH (m:Memory {groupId: $groupId, id: id})
RETURN m.id AS id, m.text AS text, m.speaker AS speaker, m.ts.epochMillis AS tsMillis,
  COLLECT {
    MATCH (p:Memory {groupId: $groupId})
    WHERE p.ts >= m.ts - duration({minutes: $gapMinutes}) AND p.ts < m.ts
      AND coalesce(p.sessionId, '') = coalesce(m.sessionId, '')
    RETURN {id: p.id, text: p.text, speaker: p.speaker, tsMillis: p.ts.epochMillis}
    ORDER BY p.ts DESC
    LIMIT 1
  } AS previous,
  COLLECT {
    MATCH (n:Memory {groupId: $groupId})
    WHERE n.ts > m.ts AND n.ts <= m.ts + duration({minutes: $gapMinutes})
      AND coalesce(n.sessionId, '') = coalesce(m.sessionId, '')
    RETURN {id: n.id, text: n.text, speaker: n.speaker, tsMillis: n.ts.epochMillis}
    ORDER BY n.ts
    LIMIT 1
  } AS next,
  COLLECT {
    MATCH up = (m)<-[:SUMMARIZES*1..4]-(:Summary|Era)
    RETURN reverse([x IN nodes(up) | x.id])
  } AS above
