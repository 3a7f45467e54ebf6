import type { Embedder } from '../ai/embeddings/index.js';
import type { ReembedStatus } from '../domain/reembed.js';
import type { Graph } from '../graph/graph.js';
import { awaitIndexes, createSlotIndexes, dropSlotIndexes, readEmbedderRecord } from '../graph/schema.js';
import {
  dropPreviousVectors,
  type ReembedDeps,
  type ReembedOptions,
  ReembedRunner,
  reembed,
  reembedStatusOf,
} from '../jobs/reembed.js';
import type { Logger } from '../log.js';
import type { Stores } from './stores.js';

/** Moving the database's vectors to this Strata's embedder: from the CLI, or in the background over the API. */
export interface Reembedding {
  run(options?: ReembedOptions): ReturnType<typeof reembed>;
  dropPreviousVectors(): ReturnType<typeof dropPreviousVectors>;
  /** The embedder of the database's vectors and this process's latest re-embedding. */
  status(): Promise<ReembedStatus>;
  /** Starts one in the background; ReembedRunningError while one runs. */
  start(pageSize: number): void;
}

export function createReembedding(parts: {
  graph: Graph;
  stores: Stores;
  embedder: Embedder;
  log: Logger;
}): Reembedding {
  const { graph, stores, embedder, log } = parts;
  const deps: ReembedDeps = {
    store: stores.reembed,
    schema: {
      record: () => readEmbedderRecord(graph),
      createIndexes: (slot, shape) => createSlotIndexes(graph, slot, shape),
      dropIndexes: (slot) => dropSlotIndexes(graph, slot),
      // A new memories index of a million vectors takes a while to populate.
      awaitIndexes: () => awaitIndexes(graph, 3600),
      useSlot: (slot) => graph.useVectorSlot(slot),
    },
    embedder,
    log,
  };
  const runner = new ReembedRunner((options) => reembed(deps, options), log);
  return {
    run: (options) => reembed(deps, options),
    dropPreviousVectors: () => dropPreviousVectors(deps),
    status: async () => reembedStatusOf(await readEmbedderRecord(graph), embedder, runner.latest()),
    start: (pageSize) => runner.start(pageSize),
  };
}
