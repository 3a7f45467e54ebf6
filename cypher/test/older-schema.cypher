// Tests only: the indexes an earlier Strata made and the current one retires (schema/retired.cypher), as a database
// made by that version holds them.
CREATE FULLTEXT INDEX text_fulltext IF NOT EXISTS FOR (n:Memory|Summary) ON EACH [n.text, n.speaker];
CREATE INDEX memory_group_session_pending IF NOT EXISTS FOR (m:Memory) ON (m.groupId, m.sessionPending);
CREATE INDEX memory_group_day_pending IF NOT EXISTS FOR (m:Memory) ON (m.groupId, m.dayPending);
