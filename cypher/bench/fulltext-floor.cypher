// The floor under a recall: the one index call no recall can do without (the question's words through the
// full-text index, kept to the group, its ten best) and none of Strata's own work.
CALL db.index.fulltext.queryNodes('group_text_fulltext', $query, {limit: 300}) YIELD node, score
WHERE node.groupId = $groupId
RETURN node.id AS id, score
LIMIT 10
