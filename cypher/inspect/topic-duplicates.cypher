// Topic nodes that share a group and a name with another (there should be none).
MATCH (t:Topic)
WHERE t.groupId IN $groupIds
WITH t.groupId AS groupId, t.name AS name, count(*) AS nodes
RETURN count(CASE WHEN nodes > 1 THEN 1 END) AS duplicates
