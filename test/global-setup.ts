/** Says once, up front, whether the integration tests will run against a real Neo4j. */
export default function setup(): void {
  if (process.env.NEO4J_URI) {
    console.log(`integration: running against Neo4j at ${process.env.NEO4J_URI}`);
  } else {
    console.log(
      'skipped: no Neo4j (set NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD to run test/integration against Neo4j 5.26+)',
    );
  }
}
