// Everything a roll-up decides about each summary of a group, for comparing two builds of the same data: texts,
// topics, counts, scores, the children it covers and its neighbours. The embeddings are reduced to their sums.
MATCH (s:Summary {groupId: $groupId})
RETURN s.id AS id, s.level AS level, s.version AS version, s.text AS text, s.topics AS topics,
       s.topicWeights AS topicWeights, s.highlights AS highlights, s.activeUsers AS activeUsers,
       s.activeUserCounts AS activeUserCounts, s.messageCount AS messageCount, s.activityScore AS activityScore,
       s.decay AS decay, s.summarizer AS summarizer, s.parentPending AS parentPending,
       toString(s.periodStart) AS periodStart, toString(s.periodEnd) AS periodEnd,
       reduce(sum = 0.0, x IN s[$vectorKey] | sum + x) AS embeddingSum,
       reduce(sum = 0.0, x IN s[$contentVectorKey] | sum + x) AS contentEmbeddingSum,
       COLLECT { MATCH (s)-[:SUMMARIZES]->(c) RETURN c.id ORDER BY c.id } AS children,
       COLLECT { MATCH (s)-[:NEXT_PERIOD]->(n) RETURN n.id } AS next,
       COLLECT { MATCH (s)-[m:MENTIONS]->(t:Topic) RETURN t.name + '=' + toString(m.weight) ORDER BY t.name } AS mentions
ORDER BY s.id
