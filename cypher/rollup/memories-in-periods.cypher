// A group's memories in [startsAt, endsAt) of each period, oldest first: the contents of several days in one read.
// Instants as epoch milliseconds (cheaper to read than datetimes).
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  UNWIND request.periods AS period
  // Hinted: with the group and the period known only per row, the planner takes the groupId index and reads every
  // memory of the group for each period.
  MATCH (m:Memory {groupId: request.groupId})
  USING INDEX SEEK m:Memory(groupId, ts)
  WHERE m.ts >= datetime(period.startsAt) AND m.ts < datetime(period.endsAt)
  RETURN period.key AS key, m.id AS id, m.text AS text, m.speaker AS speaker, m.ts.epochMillis AS tsMillis
  ORDER BY key, m.ts, m.id
}
RETURN request.index AS request, key, id, text, speaker, tsMillis
