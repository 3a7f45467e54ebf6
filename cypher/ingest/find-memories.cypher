// Which of these ids the group already stores; ids are unique within a group, never across groups.
UNWIND $ids AS id
MATCH (m:Memory {groupId: $groupId, id: id})
// The hint keeps the seek on (groupId, id) when the plan is made on an empty database: the planner then takes the
// groupId index, and each id reads every memory of the group (seconds a batch once the group holds thousands).
// Every hint is a SEEK hint: a plain USING INDEX is also met by a scan of the whole index, which the planner chose
// for link-memories on a database of a few hundred memories, and a plan kept (replan=skip) went on scanning every
// memory for every row once the database held 100,000 (a minute a write).
USING INDEX SEEK m:Memory(groupId, id)
RETURN m.id AS id
