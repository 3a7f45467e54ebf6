import { faultEnv } from './support/env.js';

/** Says once, up front, what the fault suite can run in this environment and what it skips. */
export default function setup(): void {
  const env = faultEnv();
  if (!env.neo4jUri) {
    console.log(
      'skipped: no Neo4j (set NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD to run test/faults against a Neo4j 5.26+ of its own)',
    );
    return;
  }
  console.log(`faults: running against Neo4j at ${env.neo4jUri}`);
  if (!env.canRestart) {
    console.log(
      'skipped: Neo4j outage scenario (set NEO4J_STOP_CMD and NEO4J_START_CMD to commands that stop and start that Neo4j)',
    );
  }
  if (!env.canBackup) {
    console.log(
      'skipped: backup and restore scenario (set NEO4J_STOP_CMD, NEO4J_START_CMD and NEO4J_ADMIN_CMD, the neo4j-admin of that Neo4j)',
    );
  }
}
