// Extends our lease during a long cycle; returns no row when the lease is no longer ours.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (l:CycleLease {id: request.leaseId})
  WHERE l.owner = request.owner
  SET l.expiresAt = datetime() + duration({seconds: $ttlSeconds})
  RETURN l.expiresAt AS expiresAt
}
RETURN request.index AS request, expiresAt
