// Removing a floor, first step: up to $limit of the relationships a floor (bare or indexed) wrote, in one
// transaction; run again until it deletes none. A floor node holds as many as the summary it copies has children
// (a day of a million memories over five years: about 550), so deleting the nodes with theirs, a thousand nodes a
// transaction, ran Neo4j's 1G heap out (bench:aggregate -- --memories 1000000 --groups 1 --months 60).
// Found by the relationship type's lookup index (BENCH_FLOOR is the floors' own), not by a scan of every node.
MATCH ()-[r:BENCH_FLOOR]->()
WHERE startNode(r).floorRun = $run
WITH r
LIMIT toInteger($limit)
DELETE r
RETURN count(*) AS deleted
