// Extends our lease during a long cycle; returns no row when the lease is no longer ours.
MATCH (l:CycleLease {id: $leaseId})
WHERE l.owner = $owner
SET l.expiresAt = datetime() + duration({seconds: $ttlSeconds})
RETURN l.expiresAt AS expiresAt
