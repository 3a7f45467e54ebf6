// Sessions whose entities an earlier version linked are marked for the entity step again: resolution now takes a
// body's short name and initials for its full name and cuts a word the tagger took too many (domain/entity-targets.ts),
// and each entity keeps the short forms a later mention finds it by. Writing a session again first takes back what it
// added, so nothing is counted twice; a session whose originals were pruned keeps what it has (pending-sessions).
// Once per database, in transactions of bounded size.
MATCH (s:Summary)
WHERE s.level = 'session' AND s.entitiesPending IS NULL AND EXISTS { (s)-[:MENTIONS_ENTITY]->() }
CALL (s) {
  SET s.entitiesPending = true
} IN TRANSACTIONS OF 10000 ROWS
