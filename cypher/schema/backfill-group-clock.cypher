// Groups stored before the group clock existed get it from their memories: the time of the latest one.
MATCH (g:Group)
WHERE g.latestMemoryAt IS NULL
CALL (g) {
  MATCH (m:Memory {groupId: g.id})
  RETURN max(m.ts) AS latest
}
SET g.latestMemoryAt = latest
RETURN count(g) AS backfilled
