MATCH (l:CycleLease {id: $leaseId})
WHERE l.owner = $owner
SET l.owner = null, l.expiresAt = null
