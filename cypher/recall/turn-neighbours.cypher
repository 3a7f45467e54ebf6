// The turns just before and after each memory in its conversation: the same session id (or neither has one) and
// within the idle gap that ends a session. One range seek on (groupId, ts) per direction.
UNWIND $ids AS id
MATCH (m:Memory {groupId: $groupId, id: id})
RETURN m.id AS id,
  COLLECT {
    MATCH (p:Memory {groupId: $groupId})
    WHERE m.ts - duration({minutes: $gapMinutes}) <= p.ts < m.ts
      AND coalesce(p.sessionId, '') = coalesce(m.sessionId, '')
    RETURN {id: p.id, text: p.text, speaker: p.speaker, ts: p.ts}
    ORDER BY p.ts DESC
    LIMIT 1
  } AS previous,
  COLLECT {
    MATCH (n:Memory {groupId: $groupId})
    WHERE m.ts < n.ts <= m.ts + duration({minutes: $gapMinutes})
      AND coalesce(n.sessionId, '') = coalesce(m.sessionId, '')
    RETURN {id: n.id, text: n.text, speaker: n.speaker, ts: n.ts}
    ORDER BY n.ts
    LIMIT 1
  } AS next
