// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (l:CycleLease {id: request.leaseId})
  WHERE l.owner = request.owner
  SET l.owner = null, l.expiresAt = null
}
