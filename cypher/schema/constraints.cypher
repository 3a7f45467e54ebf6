// Uniqueness of every natural key; each constraint also gives its key a range index for MERGE.
// A memory's id is the client's, unique within its group (every chat export numbers its messages from 1).
CREATE CONSTRAINT memory_group_id IF NOT EXISTS FOR (m:Memory) REQUIRE (m.groupId, m.id) IS UNIQUE;
CREATE CONSTRAINT summary_id IF NOT EXISTS FOR (s:Summary) REQUIRE s.id IS UNIQUE;
CREATE CONSTRAINT era_id IF NOT EXISTS FOR (e:Era) REQUIRE e.id IS UNIQUE;
CREATE CONSTRAINT topic_id IF NOT EXISTS FOR (t:Topic) REQUIRE t.id IS UNIQUE;
CREATE CONSTRAINT group_id IF NOT EXISTS FOR (g:Group) REQUIRE g.id IS UNIQUE;
CREATE CONSTRAINT aggregation_run_id IF NOT EXISTS FOR (r:AggregationRun) REQUIRE r.id IS UNIQUE;
CREATE CONSTRAINT cycle_lease_id IF NOT EXISTS FOR (l:CycleLease) REQUIRE l.id IS UNIQUE;
// The one node that records the schema version (graph/migrations.ts).
CREATE CONSTRAINT strata_schema_id IF NOT EXISTS FOR (s:StrataSchema) REQUIRE s.id IS UNIQUE;
// An entity of a group, by its natural key (domain/entity-resolution.ts entityId).
CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (e:Entity) REQUIRE e.id IS UNIQUE;
// A group's term statistics: one count per key (graph/term-stats.ts), found by recall and merged by ingest.
CREATE CONSTRAINT term_group_term IF NOT EXISTS FOR (t:Term) REQUIRE (t.groupId, t.term) IS UNIQUE;
