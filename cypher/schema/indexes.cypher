// Every node of a group, by label: a composite index serves a groupId-only match only when the query also names
// its other properties, so without these `MATCH (m:Memory {groupId: $groupId})` scans every group's memories.
CREATE INDEX memory_group IF NOT EXISTS FOR (m:Memory) ON (m.groupId);
CREATE INDEX summary_group IF NOT EXISTS FOR (s:Summary) ON (s.groupId);
CREATE INDEX era_group IF NOT EXISTS FOR (e:Era) ON (e.groupId);
CREATE INDEX topic_group IF NOT EXISTS FOR (t:Topic) ON (t.groupId);
CREATE INDEX entity_group IF NOT EXISTS FOR (e:Entity) ON (e.groupId);
// Range indexes for the hot lookups: a group's memories by time, a group's summaries by level and period.
CREATE INDEX memory_group_ts IF NOT EXISTS FOR (m:Memory) ON (m.groupId, m.ts);
CREATE INDEX summary_group_level_start IF NOT EXISTS FOR (s:Summary) ON (s.groupId, s.level, s.periodStart);
// A level's summaries by their instants: the roll-up relinks NEXT_PERIOD from a start, reads the latest summaries
// and finds the sessions near new memories by their end. Without these, each read filtered every summary of the
// group, and an incremental cycle grew with the group's history.
CREATE INDEX summary_group_level_starts_at IF NOT EXISTS FOR (s:Summary) ON (s.groupId, s.level, s.startsAt);
CREATE INDEX summary_group_level_ends_at IF NOT EXISTS FOR (s:Summary) ON (s.groupId, s.level, s.endsAt);
// A named session's summary by its key (the memories' sessionId), for the memories of it that arrive later.
CREATE INDEX summary_group_session_key IF NOT EXISTS FOR (s:Summary) ON (s.groupId, s.sessionKey);
// What the next cycle has to do: memories not yet in a session or day summary, summaries not yet in their parent.
// A memory's flags are removed once summaries cover it, so the two memory indexes hold only pending memories, and
// by their time: a cycle reads the oldest page of a backlog in index order, never the whole backlog.
CREATE INDEX memory_group_session_pending_ts IF NOT EXISTS FOR (m:Memory) ON (m.groupId, m.sessionPending, m.ts);
CREATE INDEX memory_group_day_pending_ts IF NOT EXISTS FOR (m:Memory) ON (m.groupId, m.dayPending, m.ts);
CREATE INDEX summary_group_parent_pending IF NOT EXISTS FOR (s:Summary) ON (s.groupId, s.parentPending);
// Sessions whose entities are still to be linked (the flag is removed once they are), oldest first.
CREATE INDEX summary_group_entities_pending_starts IF NOT EXISTS
FOR (s:Summary) ON (s.groupId, s.entitiesPending, s.startsAt);
// A group's entities: by their short forms (a later "Ana" finds "Ana Costa", "Northwind" finds "Northwind Labs",
// "RHS" the Royal Horticultural Society), and the list's two orders, most mentioned and most recent.
CREATE INDEX entity_group_first_name IF NOT EXISTS FOR (e:Entity) ON (e.groupId, e.firstName);
CREATE INDEX entity_group_short_name IF NOT EXISTS FOR (e:Entity) ON (e.groupId, e.shortName);
CREATE INDEX entity_group_initials IF NOT EXISTS FOR (e:Entity) ON (e.groupId, e.initials);
CREATE INDEX entity_group_mentions IF NOT EXISTS FOR (e:Entity) ON (e.groupId, e.mentions);
CREATE INDEX entity_group_last_seen IF NOT EXISTS FOR (e:Entity) ON (e.groupId, e.lastSeen);
// Summaries still in recall: `unarchived` is true until archiving takes a summary out (archivedAt), so this index
// holds only those, by level and end, and the daily archive reads the decayed ones among them, not every summary the
// group keeps.
CREATE INDEX summary_group_level_unarchived_ends IF NOT EXISTS
FOR (s:Summary) ON (s.groupId, s.level, s.unarchived, s.endsAt);
// A group's memories by when Strata stored them: the daily prune reads the originals stored before its cutoff, not
// every memory of the group (a million in a five-year archive, every day).
CREATE INDEX memory_group_ingested IF NOT EXISTS FOR (m:Memory) ON (m.groupId, m.ingestedAt);
CREATE INDEX aggregation_run_group_started IF NOT EXISTS FOR (r:AggregationRun) ON (r.groupId, r.startedAt);
// A group's runs still marked running: each cycle's start looks for one a dead owner left.
CREATE INDEX aggregation_run_group_status IF NOT EXISTS FOR (r:AggregationRun) ON (r.groupId, r.status);
// A group's entities by the words of their names and aliases: recall finds the entities a query names
// (recall/named-entities.cypher). Lists of strings are indexed word by word, like the text.
CREATE FULLTEXT INDEX entity_names_fulltext IF NOT EXISTS FOR (e:Entity) ON EACH [e.name, e.aliases, e.groupId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}};
// Lexical search over what was said, who said it, and what was summarised. The english analyzer stems and drops
// stop words (BM25 over conversation needs both), and the speaker makes "what did John say" find John's turns.
// The group id is indexed so a query can be kept to one group inside Lucene (domain/lucene.ts termInGroup).
// schema.ts rebuilds an index made by an older version with other properties or another analyzer.
CREATE FULLTEXT INDEX group_text_fulltext IF NOT EXISTS FOR (n:Memory|Summary) ON EACH [n.text, n.speaker, n.groupId]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
