import type { Embedder } from './ai/embeddings/index.js';
import type { Summarizer } from './ai/summarizers/types.js';
import type { ApiServices } from './api/services.js';
import type { Config } from './config.js';
import type { CycleRunRepository } from './graph/cycle-runs.js';
import { createDriver } from './graph/driver.js';
import { Graph } from './graph/graph.js';
import type { GroupRepository } from './graph/groups.js';
import type { MemoryRepository } from './graph/memories.js';
import type { MigrationReport } from './graph/migrations.js';
import type { SummaryRepository } from './graph/summaries.js';
import type { CycleOptions, runCycle } from './jobs/cycle.js';
import type { dropPreviousVectors, ReembedOptions, reembed } from './jobs/reembed.js';
import type { CycleCommits } from './jobs/scheduler.js';
import type { Logger } from './log.js';
import { StrataMetrics } from './metrics.js';
import { createAi, type StrataParts } from './wiring/ai.js';
import { createCycles } from './wiring/cycles.js';
import { createRecall } from './wiring/recall.js';
import { createReembedding } from './wiring/reembed.js';
import { migrate } from './wiring/schema.js';
import { createServices } from './wiring/services.js';
import { createStores, type Stores } from './wiring/stores.js';

/** Everything a running Strata holds, wired once; the server, the CLI and the benchmarks all start here. */
export interface Strata {
  config: Config;
  log: Logger;
  graph: Graph;
  embedder: Embedder;
  summarizer: Summarizer;
  memories: MemoryRepository;
  groups: GroupRepository;
  summaries: SummaryRepository;
  runs: CycleRunRepository;
  services: ApiServices;
  /** What /metrics exports; the services and cycles made here record into it. */
  metrics: StrataMetrics;
  cycle(groupId: string, options?: CycleOptions): ReturnType<typeof runCycle>;
  /**
   * A scope for cycles run at the same time (a scheduler tick): the cycles run through its `join` commit their
   * writes together, up to CYCLE_SHARED_COMMITS groups in one transaction, and send their reads and writes as one
   * statement for many groups (graph/shared-commits.ts).
   */
  shareCommits(): CycleCommits;
  /**
   * Applies the migrations the database lacks, creates constraints and indexes (idempotent) and waits until they are
   * online; says which migrations it applied.
   */
  migrate(): Promise<MigrationReport>;
  /** Moves the database's vectors to this Strata's embedder, or fills in what they lack (jobs/reembed.ts). */
  reembed(options?: ReembedOptions): ReturnType<typeof reembed>;
  /** Removes the vectors a finished re-embedding left behind (jobs/reembed.ts). */
  dropPreviousVectors(): ReturnType<typeof dropPreviousVectors>;
  /** Tells every running cycle to stop at its next period; returns at once. */
  stopCycles(): void;
  /**
   * Stops cycles (each at its next period: what it committed stays, its lease is released, its run recorded)
   * and closes the driver once they have ended.
   */
  close(): Promise<void>;
}

/**
 * The composition root: each part wired by a small function of its own in wiring/, in the order they need each
 * other. The graph and its stores, then the models, then what runs on them (cycles, recall, re-embedding), then the
 * services the API, MCP and the CLI call.
 */
export async function createStrata(config: Config, log: Logger, parts: StrataParts = {}): Promise<Strata> {
  // The gauges read the cycle runs' store, made below; they are read only when /metrics is scraped.
  const metrics = new StrataMetrics({
    groupsDue: async () => (await stores.runs.groupsDue()).length,
    oldestBacklogSeconds: () => stores.runs.oldestBacklogSeconds(),
  });
  const graph = new Graph(createDriver(config.neo4j), config.neo4j.database, (kind) =>
    metrics.neo4jErrors.labels(kind).inc(),
  );
  const stores: Stores = createStores(graph);
  const ai = await createAi(config, log, metrics, parts);
  const cycles = createCycles({ config, log, graph, stores, ai, metrics });
  const recall = createRecall({
    config,
    stores,
    embedder: ai.embedder,
    contextTokens: ai.contextTokens,
    metrics,
  });
  const reembedding = createReembedding({ graph, stores, embedder: ai.embedder, log });
  const services = createServices({ config, log, graph, stores, ai, metrics, cycles, recall, reembedding });

  return {
    config,
    log,
    graph,
    embedder: ai.embedder,
    summarizer: ai.summarizer,
    memories: stores.memories,
    groups: stores.groups,
    summaries: stores.summaries,
    runs: stores.runs,
    services,
    metrics,
    cycle: cycles.cycle,
    shareCommits: cycles.shareCommits,
    migrate: () => migrate(graph, ai.embedder, log),
    reembed: (options) => reembedding.run(options),
    dropPreviousVectors: () => reembedding.dropPreviousVectors(),
    stopCycles: () => cycles.stop(),
    close: async () => {
      await cycles.stopped();
      await graph.close();
    },
  };
}
