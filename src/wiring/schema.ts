import type { Embedder } from '../ai/embeddings/index.js';
import type { Readiness } from '../domain/readiness.js';
import { DatabaseUnavailableError } from '../errors.js';
import type { Graph } from '../graph/graph.js';
import type { MigrationReport } from '../graph/migrations.js';
import { applySchema, awaitIndexes, schemaReady } from '../graph/schema.js';
import type { Logger } from '../log.js';

/**
 * Applies the migrations the database lacks, creates constraints and indexes (idempotent) and waits until they are
 * online; says which migrations it applied.
 */
export async function migrate(graph: Graph, embedder: Embedder, log: Logger): Promise<MigrationReport> {
  const migrations = await applySchema(graph, embedder);
  await awaitIndexes(graph);
  log.info(
    {
      schemaVersion: migrations.to,
      migrated:
        migrations.applied.length > 0 ? { from: migrations.from, applied: migrations.applied } : undefined,
      dimension: embedder.dimension,
      embedder: embedder.name,
      memoryVectorIndex: embedder.semantic,
    },
    'schema applied',
  );
  return migrations;
}

/** Whether Neo4j answers and the schema this embedder needs is in place and online (GET /readyz). */
export async function readiness(graph: Graph, embedder: Embedder): Promise<Readiness> {
  let schema: Awaited<ReturnType<typeof schemaReady>>;
  try {
    await graph.verifyConnectivity();
    schema = await schemaReady(graph, embedder);
  } catch (error) {
    // Unreachable, or lost between the two calls: either way the reason is the driver's, said plainly.
    if (!(error instanceof DatabaseUnavailableError)) throw error;
    return { ready: false, neo4j: 'unreachable', message: error.message };
  }
  return {
    ready: schema.ready,
    neo4j: 'reachable',
    schema: { missing: schema.missing, notOnline: schema.notOnline },
    ...(schema.ready
      ? {}
      : { message: 'schema not applied or indexes still populating; run `npm run migrate`' }),
  };
}
