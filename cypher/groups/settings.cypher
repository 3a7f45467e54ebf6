// A group's settings: its time zone, and its own era parameters (a JSON object; null: the server's apply). One seek
// on the group node, whatever the group holds.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
MATCH (g:Group {id: request.groupId})
RETURN request.index AS request, g.timezone AS timezone, g.eraParameters AS eraParameters
