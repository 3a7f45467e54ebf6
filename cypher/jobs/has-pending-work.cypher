// Whether anything of the group still waits for a roll-up.
RETURN EXISTS { MATCH (m:Memory {groupId: $groupId}) WHERE m.sessionPending = true OR m.dayPending = true }
    OR EXISTS { MATCH (s:Summary {groupId: $groupId}) WHERE s.parentPending = true } AS pending
