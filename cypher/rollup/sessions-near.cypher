// Session summaries that may absorb new memories: those whose span comes within the idle gap of the
// new memories' time range, and explicit sessions named by the new memories.
MATCH (s:Summary {groupId: $groupId, level: 'session'})
WHERE s.sessionKey IN $explicitKeys
   OR (s.endsAt >= datetime($from) - duration({minutes: $gapMinutes})
       AND s.startsAt <= datetime($to) + duration({minutes: $gapMinutes}))
RETURN s.sessionKey AS key, s.startsAt AS startsAt, s.endsAt AS endsAt, s.explicit AS explicit
