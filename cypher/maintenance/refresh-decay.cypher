// Recomputes every summary's decay for one group in one statement: 1 until startDays, then halving every
// (maxAgeDays - startDays) / 3 days, age counted from the period's end. Sessions follow the day settings.
// Only values that moved are written.
MATCH (s:Summary {groupId: $groupId})
WITH s, $decay[CASE s.level WHEN 'session' THEN 'day' ELSE s.level END] AS setting
WHERE setting IS NOT NULL
WITH s, setting, duration.inSeconds(s.endsAt, datetime($now)).seconds / 86400.0 AS ageDays
WITH s, CASE
    WHEN ageDays <= setting.startDays THEN 1.0
    ELSE exp(-log(2.0) * (ageDays - setting.startDays) / ((setting.maxAgeDays - setting.startDays) / 3.0))
  END AS decay
WHERE s.decay IS NULL OR abs(s.decay - decay) > 0.000001
SET s.decay = decay
RETURN count(s) AS updated
