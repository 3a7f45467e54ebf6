// A group's eras in time order, as the era step and the API read them.
// Planned once and kept (replan=skip): a hinted seek on the group's eras and a sort of its handful; planning it
// again after an import cost the first daily cycle 42 ms.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  MATCH (e:Era {groupId: request.groupId})
  USING INDEX SEEK e:Era(groupId)
  RETURN e
  ORDER BY e.start
}
RETURN request.index AS request, e.id AS id, toString(e.start) AS start, toString(e.end) AS end,
       e.periodStarts AS periodStarts, e.keyTopics AS keyTopics, e.theme AS theme, e.text AS text,
       e.current AS current, e.earlier AS earlier, e.periodCount AS periodCount, e.level AS level,
       e.detector AS detector, e.parameters AS parameters, toString(e.dataFrom) AS dataFrom,
       toString(e.dataTo) AS dataTo, e.dataDays AS dataDays, e.dataMessages AS dataMessages,
       e.updatedAt.epochMillis AS updatedAtMillis
