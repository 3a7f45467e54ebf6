// Which of these ids the group already stores; ids are unique within a group, never across groups.
UNWIND $ids AS id
MATCH (m:Memory {groupId: $groupId, id: id})
// The hint keeps the seek on (groupId, id) when the plan is made on an empty database: the planner then takes the
// groupId index, and each id reads every memory of the group (seconds a batch once the group holds thousands).
USING INDEX m:Memory(groupId, id)
RETURN m.id AS id
