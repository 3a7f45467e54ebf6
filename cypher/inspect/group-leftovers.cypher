// The group's own node and cycle lease, which carry its id as `id` rather than `groupId`; both 0 after a delete.
RETURN COUNT { MATCH (:Group {id: $groupId}) } AS groups, COUNT { MATCH (:CycleLease {id: $groupId}) } AS leases
