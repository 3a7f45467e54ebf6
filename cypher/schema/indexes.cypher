// Range indexes for the hot lookups: a group's memories by time, a group's summaries by level and period.
CREATE INDEX memory_group_ts IF NOT EXISTS FOR (m:Memory) ON (m.groupId, m.ts);
CREATE INDEX summary_group_level_start IF NOT EXISTS FOR (s:Summary) ON (s.groupId, s.level, s.periodStart);
// Lexical search over what was said and what was summarised.
CREATE FULLTEXT INDEX text_fulltext IF NOT EXISTS FOR (n:Memory|Summary) ON EACH [n.text];
