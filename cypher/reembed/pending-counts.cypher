// How much a re-embedding has left in the slot it fills ($targetKey, $targetContentKey): memories and eras without
// their vector, summaries without a recall vector (active ones) or a content vector (days, weeks and months). It
// reads every such node once: what a progress bar and a dry run need, not a cycle. With $everything, all of them
// (a slot about to be cleared and filled afresh).
RETURN COUNT { MATCH (m:Memory) WHERE $everything OR m[$targetKey] IS NULL } AS memories,
       COUNT {
         MATCH (s:Summary)
         WHERE ($everything AND (s.archivedAt IS NULL OR s.level <> 'session'))
            OR (s.archivedAt IS NULL AND s[$targetKey] IS NULL) OR (s.level <> 'session' AND s[$targetContentKey] IS NULL)
       } AS summaries,
       COUNT { MATCH (e:Era) WHERE $everything OR e[$targetKey] IS NULL } AS eras
