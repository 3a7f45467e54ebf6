// How many memories and summaries the group has, and how many each label has in all: what domain/vector-budget.ts
// sizes a vector search by. Archived summaries (no vector) count too: an estimate is all the budget needs, and
// counting them keeps this to index and count-store reads.
RETURN COUNT { MATCH (m:Memory {groupId: $groupId}) } AS groupMemories,
  COUNT { MATCH (m:Memory) } AS indexMemories,
  COUNT { MATCH (s:Summary {groupId: $groupId}) } AS groupSummaries,
  COUNT { MATCH (s:Summary) } AS indexSummaries
