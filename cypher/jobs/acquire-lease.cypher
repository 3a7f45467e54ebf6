// Takes a group's cycle lease if it is free, expired, or already ours; no row when the group does not exist (a
// deleted group gets no new lease). The first SET takes the lease node's write lock before owner and expiry are
// read, so two instances cannot both see the lease as free.
MATCH (:Group {id: $leaseId})
MERGE (l:CycleLease {id: $leaseId})
SET l.lastAttemptAt = datetime()
WITH l, (l.owner IS NULL OR l.owner = $owner OR l.expiresAt < datetime()) AS free
SET l.owner = CASE WHEN free THEN $owner ELSE l.owner END,
    l.expiresAt = CASE WHEN free THEN datetime() + duration({seconds: $ttlSeconds}) ELSE l.expiresAt END
RETURN free AS acquired, l.owner AS owner, l.expiresAt AS expiresAt
