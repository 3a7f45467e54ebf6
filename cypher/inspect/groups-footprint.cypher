// Everything requests naming these group ids could have written: nodes that carry one of them as groupId, and
// the group and lease nodes keyed by them, with the relationships at those nodes. The fuzz test compares it
// before and after, since the whole database's counts move with other suites sharing it.
MATCH (n)
WHERE n.groupId IN $groupIds OR ((n:Group OR n:CycleLease) AND n.id IN $groupIds)
RETURN count(n) AS nodes, sum(COUNT { (n)--() }) AS relationships
