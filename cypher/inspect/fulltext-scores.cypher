// A Lucene query's hits in one group with the index's own scores, best first: what a test weighs recall's one
// search against (each term searched on its own, recall/lexical-search.cypher's sum worked out by hand).
CALL db.index.fulltext.queryNodes('group_text_fulltext', $query, {limit: toInteger($limit)}) YIELD node, score
WHERE node.groupId = $groupId
RETURN node.id AS id, score
ORDER BY score DESC, id
