// Which of these ids are already stored, and in which group.
UNWIND $ids AS id
MATCH (m:Memory {id: id})
RETURN m.id AS id, m.groupId AS groupId
