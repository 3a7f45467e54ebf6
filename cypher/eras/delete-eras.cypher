// Removes eras that were folded into the group's "earlier" era (their periods now belong to it).
MATCH (e:Era {groupId: $groupId})
WHERE NOT e.id IN $keepIds
DETACH DELETE e
RETURN count(*) AS deleted
