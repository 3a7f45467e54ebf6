// A group's summaries, newest first (ties by id), at most $limit: those of $levels (the one level a caller names,
// or all), and with $from or $to those that overlap [from, to).
//
// Each level is read from its (groupId, level, startsAt) index newest first and stops at $limit, so a call reads
// about as many summaries as it returns, whatever the group's history (the whole group was read and sorted
// before: 1,783 summaries for 50 in a year of a busy group). The ORDER BY names the index's own properties so
// that the index hands the rows over in that order. Within equal starts the index orders by node, not by id, so
// the summaries that start with the last one read are read too, and the id order holds at the cut.
UNWIND $levels AS level
CALL (level) {
  MATCH (s:Summary {groupId: $groupId, level: level})
  USING INDEX SEEK s:Summary(groupId, level, startsAt)
  // A bound always (the latest instant there is when no $to), so that the seek starts at $to rather than at the
  // newest summary and reads its way down past every one after $to.
  WHERE s.startsAt < coalesce(datetime($to), datetime('+999999999-12-31T23:59:59Z'))
    AND ($from IS NULL OR s.endsAt > datetime($from))
  WITH s
  ORDER BY s.groupId DESC, s.level DESC, s.startsAt DESC
  LIMIT toInteger($limit)
  WITH collect(s) AS newest
  CALL (newest, level) {
    WITH last(newest) AS cut
    WHERE size(newest) = toInteger($limit)
    MATCH (t:Summary {groupId: $groupId, level: level})
    USING INDEX SEEK t:Summary(groupId, level, startsAt)
    WHERE t.startsAt = cut.startsAt AND ($from IS NULL OR t.endsAt > datetime($from)) AND NOT t IN newest
    RETURN collect(t) AS tied
  }
  UNWIND newest + tied AS s
  RETURN s
}
WITH s
ORDER BY s.startsAt DESC, s.id
LIMIT toInteger($limit)
RETURN s {
  .id, .groupId, .level, .text, .topics, .topicWeights, .highlights, .activeUsers, .messageCount,
  .activityScore, .decay, .version, .summarizer, .createdAt, .updatedAt, .startsAt, .endsAt, .archivedAt,
  periodStart: toString(s.periodStart), periodEnd: toString(s.periodEnd)
} AS summary
