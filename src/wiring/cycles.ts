import { randomUUID } from 'node:crypto';
import { createEntityExtractor } from '../ai/entities/index.js';
import type { Config } from '../config.js';
import type { Graph } from '../graph/graph.js';
import { type CycleDeps, type CycleOptions, runCycle } from '../jobs/cycle.js';
import { rollupEras } from '../jobs/rollup-eras.js';
import { SUMMARY_CHILDREN_PER_WRITE } from '../jobs/rollup-level.js';
import type { CycleCommits } from '../jobs/scheduler.js';
import type { Logger } from '../log.js';
import type { StrataMetrics } from '../metrics.js';
import type { Ai } from './ai.js';
import type { Stores } from './stores.js';

/**
 * How long a cycle's write waits for the other cycles of its tick to reach theirs. Long enough for a tick's small
 * cycles to meet: at 20 ms, the first day after a bulk load of 1,000 small groups, whose cycles ran slower than the
 * next day's, went to Neo4j as 351-374 transactions instead of 160, at 10 ms of Neo4j's CPU a group instead of 6.8.
 * Short enough that a cycle which went on to summarise with a remote model holds the others' writes only briefly.
 */
const SHARED_COMMIT_WAIT_MS = 50;

/** The aggregation cycle as a running Strata holds it: each cycle counted in the metrics and stoppable at shutdown. */
export interface Cycles {
  cycle(groupId: string, options?: CycleOptions): ReturnType<typeof runCycle>;
  /** A scope for the cycles of one scheduler tick, which commit their writes together (see Strata.shareCommits). */
  shareCommits(): CycleCommits;
  /** Tells every running cycle to stop at its next period; returns at once. */
  stop(): void;
  /** Stops every running cycle and waits until each has ended. */
  stopped(): Promise<void>;
}

export function createCycles(parts: {
  config: Config;
  log: Logger;
  graph: Graph;
  stores: Stores;
  ai: Ai;
  metrics: StrataMetrics;
}): Cycles {
  const { config, log, graph, stores, ai, metrics } = parts;
  const deps: CycleDeps = {
    rollups: stores.rollups,
    maintenance: stores.maintenance,
    runs: stores.runs,
    summarizer: ai.summarizer,
    localSummarizer: ai.localSummarizer,
    embedder: ai.embedder,
    config,
    log,
    ...(config.entities.enabled
      ? { entities: { store: stores.entities, extractor: createEntityExtractor(config) } }
      : {}),
    ...(config.eras.enabled ? { eras: (ctx) => rollupEras(ctx, stores.eras, config.eras) } : {}),
    instance: randomUUID(),
    metrics,
  };
  // Shutdown aborts this signal; every cycle started here watches it and stops between two periods.
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  const cycle = (groupId: string, options?: CycleOptions) => {
    const run = runCycle(deps, groupId, { signal: stopping.signal, ...options }).then(
      (report) => {
        // A cycle that found another instance's lease is "skipped" like one whose group is gone: told apart here.
        metrics.cycles
          .labels(report.leaseExpiresAt ? 'lease-held' : report.status)
          .observe(report.tookMs / 1000);
        metrics.cyclePeriodErrors.inc(report.errors.length);
        metrics.summarizerFallbacks.inc(report.summarizerFallbacks.length);
        return report;
      },
      (error: unknown) => {
        metrics.cycles.labels('crashed').observe(0);
        throw error;
      },
    );
    running.add(run);
    void run.finally(() => running.delete(run)).catch(() => undefined);
    return run;
  };
  // With CYCLE_SHARED_COMMITS=1 each write and read goes alone, but the bound on what commits at once still holds.
  const shareCommits = (): CycleCommits =>
    graph.shareCommits({
      maxUnits: config.scheduler.sharedCommits,
      // No more in one transaction than one group's largest write, and no more than two such writes committing at
      // once: Neo4j's transaction memory pool is one for all open transactions (70 % of the heap by default), and
      // 64 large groups importing at once, each transaction cut to one write's size, went over it together.
      maxWeight: SUMMARY_CHILDREN_PER_WRITE,
      maxWeightInFlight: 2 * SUMMARY_CHILDREN_PER_WRITE,
      maxWaitMs: SHARED_COMMIT_WAIT_MS,
      onFallback: (error, units) => {
        metrics.sharedFallbacks.inc(units);
        log.warn(
          { err: error, units },
          'a shared cycle transaction or read failed; each of its groups runs it again alone',
        );
      },
    });
  return {
    cycle,
    shareCommits,
    stop: () => stopping.abort(),
    stopped: async () => {
      stopping.abort();
      await Promise.allSettled([...running]);
    },
  };
}
