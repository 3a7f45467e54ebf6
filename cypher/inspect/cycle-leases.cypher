// The cycle leases of some groups as the database's clock sees them: who holds each and how far past its expiry
// it is (negative while it runs).
MATCH (l:CycleLease)
WHERE l.id IN $groupIds
RETURN l.id AS groupId, l.owner AS owner, toString(l.expiresAt) AS expiresAt,
       CASE WHEN l.expiresAt IS NULL THEN null
            ELSE duration.inSeconds(l.expiresAt, datetime()).milliseconds END AS msPastExpiry
ORDER BY groupId
