// Which of these ids the group already stores; ids are unique within a group, never across groups.
UNWIND $ids AS id
MATCH (m:Memory {groupId: $groupId, id: id})
RETURN m.id AS id
