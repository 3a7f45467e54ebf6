// Sets a group's own era parameters ($parameters: a JSON object with its keys in order, or null for the server's).
// A change takes the group's eras down and forgets which instance cycled it last, with work pending, so the next
// cycle detects its eras afresh with them (what eras/preview shows); the same parameters again change nothing.
MERGE (g:Group {id: $groupId})
ON CREATE SET g.createdAt = datetime(), g.timezone = $timezone
WITH g, coalesce(g.eraParameters, '') <> coalesce($parameters, '') AS changed
SET g.eraParameters = $parameters
WITH g, changed
CALL (g, changed) {
  WITH g
  WHERE changed
  MATCH (e:Era {groupId: g.id})
  DETACH DELETE e
  RETURN count(*) AS removed
}
SET g.lastCycleInstance = CASE WHEN changed THEN null ELSE g.lastCycleInstance END,
    g.hasPendingWork = CASE WHEN changed THEN true ELSE g.hasPendingWork END
RETURN changed, removed, g.eraParameters AS parameters, g.timezone AS timezone
