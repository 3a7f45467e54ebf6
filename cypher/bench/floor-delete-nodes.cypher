// Removing a floor, second step: up to $limit of the nodes the bare floors (ingest's, the roll-up's) wrote into the
// throwaway label, in one transaction; run again until it deletes none. The roll-up floor's relationships went
// first (floor-delete-links.cypher).
MATCH (f:BenchFloor {floorRun: $run})
WITH f
LIMIT toInteger($limit)
DETACH DELETE f
RETURN count(*) AS deleted
