// A group's eras without a vector in the slot a re-embedding fills (a group has a handful), each with the content
// vectors its periods have in that slot: an era's vector is their mean, as the cycle makes it (jobs/rollup-eras.ts).
MATCH (e:Era {groupId: $groupId})
WHERE e[$targetKey] IS NULL
RETURN e.id AS id, e.version AS version, e.theme AS theme, e.text AS text,
  COLLECT { MATCH (e)-[:SUMMARIZES]->(s) WHERE s[$targetContentKey] IS NOT NULL RETURN s[$targetContentKey] } AS periodVectors
