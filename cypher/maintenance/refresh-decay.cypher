// Recomputes every summary's decay for one group in one statement: 1 until startDays, then halving every
// (maxAgeDays - startDays) / 3 days, age counted from the period's end. Sessions follow the day settings.
// Only values that moved are written. The group keeps the clock and the settings of the refresh (decayClock,
// decaySettings): the cycle refreshes again once the clock has moved enough (domain/decay.ts decayRefreshDue).
// Level by level ($levels), so the (groupId, level, endsAt) index hands over each summary's end: only its decay is
// read from the node. Only the summaries that ended from $endsFrom[level] on are read (null: all of them): those
// before had settled to nothing at an earlier refresh (domain/decay.ts decayReadFrom).
// The group node first, as every write of a cycle takes it (jobs/hold-group): a delete of the group waits for this
// refresh, and a refresh after the delete's first step finds no group and writes nothing.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (g:Group {id: request.groupId})
  SET g.decayClock = datetime(request.now), g.decaySettings = request.settingsKey
  WITH g
  CALL (request, g) {
    UNWIND $levels AS level
    WITH level, $decay[CASE level WHEN 'session' THEN 'day' ELSE level END] AS setting,
         coalesce(datetime(request.endsFrom[level]), datetime('-999999999-01-01T00:00:00Z')) AS endsFrom
    WHERE setting IS NOT NULL
    MATCH (s:Summary {groupId: request.groupId, level: level})
    USING INDEX SEEK s:Summary(groupId, level, endsAt)
    WHERE s.endsAt >= endsFrom
    WITH s, setting, duration.inSeconds(s.endsAt, datetime(request.now)).seconds / 86400.0 AS ageDays
    WITH s, CASE
        WHEN ageDays <= setting.startDays THEN 1.0
        ELSE exp(-log(2.0) * (ageDays - setting.startDays) / ((setting.maxAgeDays - setting.startDays) / 3.0))
      END AS decay
    WHERE s.decay IS NULL OR abs(s.decay - decay) > 0.000001
    SET s.decay = decay
    RETURN count(s) AS updated
  }
  RETURN updated
}
RETURN request.index AS request, updated
