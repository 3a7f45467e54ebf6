// Creates or updates one era: its fields and vector, what produced it (the detector and its version, the parameters
// as JSON, the data it read), the current era's background, the summaries it spans (SUMMARIZES, replaced as a
// whole) and its key topics (MENTIONS, replaced, weighted by rank).
// Planned once and kept (replan=skip): every lookup is a MERGE on a unique key, a walk from the era, or a hinted seek,
// so a plan made on an empty database is the plan for any; planning it again after an import cost the first daily
// cycle 163 ms.
// Serves many requests in one run (graph/request-batches.ts): the cycles of a scheduler tick send it once for all.
CYPHER replan=skip
UNWIND $batch.requests AS request
CALL (request) {
  WITH request, request.era AS era
  MERGE (e:Era {id: era.id})
  ON CREATE SET e.groupId = era.groupId, e.createdAt = datetime(), e.version = 0
  SET e.start = date(era.start), e.end = date(era.end), e.startsAt = datetime(era.startsAt),
      e.endsAt = datetime(era.endsAt), e.level = era.level, e.theme = era.theme, e.keyTopics = era.keyTopics,
      e.text = era.text, e.periodStarts = era.periodStarts, e.periodCount = size(era.periodStarts),
      e.current = era.current, e.earlier = era.earlier, e.updatedAt = datetime(), e.version = e.version + 1,
      e.detector = era.detector, e.parameters = era.parameters, e.dataFrom = date(era.dataFrom),
      e.dataTo = date(era.dataTo), e.dataDays = era.dataDays, e.dataMessages = era.dataMessages,
      // The current era's background (JSON, domain/era-background.ts): replaced when given, else kept; an era
      // written as closed drops it.
      e.background = CASE WHEN era.current THEN coalesce(request.background, e.background) END
  // Its vector into the database's vector slot (graph/vector-slots.ts), the other slot's cleared, as for summaries;
  // and the weeks it spans. An era that keeps its weeks (keepsWeeks: the same weeks, none rewritten since it was
  // written) keeps both as stored: the vector is their mean, and a write to the vector index costs every commit that
  // makes one.
  WITH request, era, e
  CALL (request, era, e) {
    WITH request, era, e
    WHERE NOT request.keepsWeeks
    REMOVE e.embedding, e.embeddingB
    WITH request, era, e
    CALL db.create.setNodeVectorProperty(e, $vectorKey, request.embedding)
  }
  CALL (request, era, e) {
    WITH request, era, e
    WHERE NOT request.keepsWeeks
    CALL (e) {
      MATCH (e)-[old:SUMMARIZES]->()
      DELETE old
    }
    // Hinted: planned on an empty database, the planner would take the groupId index and read every node of
    // the group (see ingest/find-memories.cypher).
    MATCH (s:Summary {groupId: era.groupId, level: era.level})
    USING INDEX SEEK s:Summary(groupId, level, periodStart)
    WHERE s.periodStart IN [d IN era.periodStarts | date(d)]
    MERGE (e)-[:SUMMARIZES]->(s)
  }
  CALL (e) {
    MATCH (e)-[old:MENTIONS]->()
    DELETE old
  }
  CALL (request, era, e) {
    UNWIND request.topics AS topic
    MERGE (t:Topic {id: topic.id})
    ON CREATE SET t.groupId = era.groupId, t.name = topic.name
    MERGE (e)-[m:MENTIONS]->(t)
    SET m.weight = topic.weight
  }
  RETURN e.version AS version
}
RETURN request.index AS request, version
