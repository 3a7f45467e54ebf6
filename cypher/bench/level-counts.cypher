// How many summaries of each level ("Summary:day") and how many eras the given groups hold together: what the
// benchmarks print after a cycle. One seek per group and label; inspect/group-counts finds a group's nodes of any
// label by reading every node of the database, which at 1,000 groups took the bench over a minute a print.
UNWIND $groupIds AS groupId
CALL (groupId) {
  MATCH (s:Summary {groupId: groupId})
  USING INDEX SEEK s:Summary(groupId)
  RETURN 'Summary:' + s.level AS kind, count(*) AS count
  UNION ALL
  MATCH (e:Era {groupId: groupId})
  USING INDEX SEEK e:Era(groupId)
  RETURN 'Era' AS kind, count(*) AS count
}
RETURN kind, sum(count) AS count
ORDER BY kind
