// The first statement of every write transaction of a cycle. It takes the group node's write lock until the
// transaction commits, so a delete of the group waits for it, and a transaction that starts after the delete finds
// no group (no row) and writes nothing: a deleted group is never brought back by its own cycle.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
MATCH (g:Group {id: request.groupId})
SET g.lastCycleWriteAt = datetime()
RETURN request.index AS request, g.id AS id
