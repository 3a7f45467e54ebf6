// Strata · one conversation: a memory and the turns around it along NEXT_TURN, with its session summary above.
// Picture: up to 20 turns before the memory and 20 after it, in order, and the session summary that covers it.
// Leave memoryId null for the group's latest memory, or set it to a memory id (memories-under-summary shows them).
// Run first:
//   :param groupId => 'demo-1'
//   :param memoryId => null
// The memory by its key, or, when memoryId is null, the latest by the (groupId, ts) index read from its end: either
// way a seek, where one MATCH with an OR read every memory of the group.
CALL () {
  MATCH (m:Memory {groupId: $groupId, id: $memoryId})
  USING INDEX SEEK m:Memory(groupId, id)
  RETURN m
  UNION
  UNWIND CASE WHEN $memoryId IS NULL THEN [true] ELSE [] END AS latest
  CALL () {
    MATCH (m:Memory {groupId: $groupId})
    USING INDEX SEEK m:Memory(groupId, ts)
    WHERE m.ts IS NOT NULL
    RETURN m
    ORDER BY m.groupId DESC, m.ts DESC
    LIMIT 1
  }
  RETURN m
}
CALL (m) {
  MATCH before = (:Memory)-[:NEXT_TURN*0..20]->(m)
  RETURN before
  ORDER BY length(before) DESC
  LIMIT 1
}
CALL (m) {
  MATCH after = (m)-[:NEXT_TURN*0..20]->(:Memory)
  RETURN after
  ORDER BY length(after) DESC
  LIMIT 1
}
OPTIONAL MATCH up = (:Summary {level: 'session'})-[:SUMMARIZES]->(m)
RETURN before, after, up
