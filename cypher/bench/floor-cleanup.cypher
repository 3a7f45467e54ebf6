// Removes what a benchmark's floor wrote into the throwaway label, in bounded transactions.
MATCH (f:BenchFloor {floorRun: $run})
CALL (f) {
  DETACH DELETE f
} IN TRANSACTIONS OF 1000 ROWS
