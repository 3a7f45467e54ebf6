import { createEmbedder, type Embedder } from './ai/embeddings/index.js';
import type { ApiServices } from './api/app.js';
import type { Readiness } from './api/routes/health.js';
import type { Config } from './config.js';
import type { MemoryInput } from './domain/memory.js';
import { createDriver } from './graph/driver.js';
import { Graph } from './graph/graph.js';
import { GroupRepository } from './graph/groups.js';
import { MemoryRepository } from './graph/memories.js';
import { applySchema, awaitIndexes, schemaReady } from './graph/schema.js';
import { ingestMemories } from './ingest/ingest.js';
import type { Logger } from './log.js';

/** Everything a running Strata holds, wired once; the server, the CLI and the benchmarks all start here. */
export interface Strata {
  config: Config;
  log: Logger;
  graph: Graph;
  embedder: Embedder;
  memories: MemoryRepository;
  groups: GroupRepository;
  services: ApiServices;
  /** Creates constraints and indexes (idempotent) and waits until they are online. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export async function createStrata(config: Config, log: Logger): Promise<Strata> {
  const graph = new Graph(createDriver(config.neo4j), config.neo4j.database);
  const embedder = await createEmbedder(config);
  const memories = new MemoryRepository(graph);
  const groups = new GroupRepository(graph);
  const ingestDeps = { memories, embedder, defaultTimezone: config.defaultTimezone };

  const services: ApiServices = {
    ingest: async (groupId: string, inputs: MemoryInput[]) => {
      const result = await ingestMemories(ingestDeps, groupId, inputs);
      log.info({ groupId, created: result.created.length, existing: result.existing.length }, 'ingest');
      return result;
    },
    readiness: () => readiness(graph),
  };

  return {
    config,
    log,
    graph,
    embedder,
    memories,
    groups,
    services,
    migrate: async () => {
      await applySchema(graph, embedder.dimension);
      await awaitIndexes(graph);
      log.info({ dimension: embedder.dimension, embedder: embedder.name }, 'schema applied');
    },
    close: () => graph.close(),
  };
}

async function readiness(graph: Graph): Promise<Readiness> {
  try {
    await graph.verifyConnectivity();
  } catch (error) {
    return { ready: false, neo4j: 'unreachable', message: (error as Error).message };
  }
  const schema = await schemaReady(graph);
  return {
    ready: schema.ready,
    neo4j: 'reachable',
    schema: { missing: schema.missing, notOnline: schema.notOnline },
    ...(schema.ready ? {} : { message: 'schema not applied or indexes still populating; run `npm run migrate`' }),
  };
}
