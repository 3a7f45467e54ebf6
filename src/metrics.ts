import type { Embeddings } from '@langchain/core/embeddings';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Summarizer } from './ai/summarizers/types.js';

/**
 * Every metric Strata exports, in the Prometheus text format at GET /metrics, on a registry of its own. Labels hold
 * only values from small fixed sets (route templates, statuses, outcomes, error codes): never a group id, a query
 * or anything else a client chooses.
 */
export class StrataMetrics {
  readonly registry = new Registry();

  readonly httpRequests = new Histogram({
    name: 'strata_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, and how long they took',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly httpErrors = new Counter({
    name: 'strata_http_errors_total',
    help: 'Requests answered with an error, by its code (invalid_request, not_found, neo4j_unavailable...)',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });

  readonly memoriesIngested = new Counter({
    name: 'strata_memories_ingested_total',
    help: 'Memories written by ingest (those already stored are not counted)',
    registers: [this.registry],
  });

  readonly recallSeconds = new Histogram({
    name: 'strata_recall_duration_seconds',
    help: 'Recall, from the request to the ranked and expanded response',
    buckets: [0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56],
    registers: [this.registry],
  });

  readonly cycles = new Histogram({
    name: 'strata_cycle_duration_seconds',
    help: 'Roll-up cycles by outcome (succeeded, failed, stopped, skipped, lease-held, crashed), and how long they took',
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
    registers: [this.registry],
  });

  readonly cycleSteps = new Histogram({
    name: 'strata_cycle_step_duration_seconds',
    help: 'The steps of a roll-up cycle (relink, session_day, entities, week, month, era, decay, prune), and how long each took',
    labelNames: ['step'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
    registers: [this.registry],
  });

  readonly neo4jErrors = new Counter({
    name: 'strata_neo4j_errors_total',
    help: 'Statements Neo4j failed, by kind (unavailable, memory_limit, transient, constraint, client, database)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly leaseTakeovers = new Counter({
    name: 'strata_cycle_lease_takeovers_total',
    help: 'Cycles that took over the lease of an owner that died mid-cycle (its run marked abandoned)',
    registers: [this.registry],
  });

  readonly sharedFallbacks = new Counter({
    name: 'strata_cycle_shared_fallbacks_total',
    help: 'Cycle writes and reads run again alone after the shared transaction or read they were in failed',
    registers: [this.registry],
  });

  readonly cyclePeriodErrors = new Counter({
    name: 'strata_cycle_period_errors_total',
    help: 'Periods a cycle failed to summarise (the next cycle retries them)',
    registers: [this.registry],
  });

  readonly modelCalls = new Counter({
    name: 'strata_model_calls_total',
    help: 'Calls to the embedder (embed) and the summarizer (summarize), by outcome (ok or error)',
    labelNames: ['call', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly summarizerFallbacks = new Counter({
    name: 'strata_summarizer_fallbacks_total',
    help: 'Periods the configured summarizer failed on, summarised by the local one instead',
    registers: [this.registry],
  });

  /** The backlog figures are read from Neo4j at each scrape, through the functions the composition root gives. */
  constructor(
    options: { groupsDue?: () => Promise<number>; oldestBacklogSeconds?: () => Promise<number> } = {},
  ) {
    this.scrapedGauge(
      'strata_groups_due',
      'Groups with work for a cycle (new memories, or periods a cycle failed on), read at each scrape',
      options.groupsDue,
    );
    this.scrapedGauge(
      'strata_backlog_oldest_seconds',
      'How long the oldest backlog has waited: the longest any group has held memories no cycle has taken',
      options.oldestBacklogSeconds,
    );
    collectDefaultMetrics({ register: this.registry, prefix: 'strata_' });
    // prom-client names three gauges with a _total suffix, which Prometheus keeps for counters (promtool check
    // metrics refuses them); the handle and request counts they hold are a debugging aid, left out.
    for (const name of ['active_handles_total', 'active_requests_total', 'active_resources_total'])
      this.registry.removeSingleMetric(`strata_nodejs_${name}`);
  }

  /** A gauge read at each scrape; absent when nothing reads it. */
  private scrapedGauge(name: string, help: string, read: (() => Promise<number>) | undefined): void {
    if (!read) return;
    new Gauge({
      name,
      help,
      registers: [this.registry],
      // Neo4j down must not take the scrape down with it: the figure is unknown (NaN, which prom-client writes
      // "Nan" and Prometheus reads) and the rest is served.
      async collect() {
        this.set(await read().catch(() => Number.NaN));
      },
    });
  }

  /** Counts one call to a model by its outcome, and passes on its result or error. */
  async countCall<T>(call: 'embed' | 'summarize', work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      this.modelCalls.labels(call, 'ok').inc();
      return result;
    } catch (error) {
      this.modelCalls.labels(call, 'error').inc();
      throw error;
    }
  }

  /** Times a promise into a histogram (with labels), whatever its outcome. */
  async time<T>(histogram: Histogram, work: () => Promise<T>): Promise<T> {
    const end = histogram.startTimer();
    try {
      return await work();
    } finally {
      end();
    }
  }
}

/**
 * The embedder with its two calls counted. Everything else of it (its name, its size, the hashing embedder's
 * synchronous path) is the embedder's own.
 */
export function countedEmbedder<E extends { embeddings: Embeddings }>(
  embedder: E,
  metrics: StrataMetrics,
): E {
  const embeddings = embedder.embeddings;
  const counted = new Proxy(embeddings, {
    get(target, property, receiver) {
      if (property === 'embedDocuments')
        return (texts: string[]) => metrics.countCall('embed', () => target.embedDocuments(texts));
      if (property === 'embedQuery')
        return (text: string) => metrics.countCall('embed', () => target.embedQuery(text));
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...embedder, embeddings: counted };
}

/** The summarizer with its calls counted (its fallbacks are counted from the cycle's report). */
export function countedSummarizer<S extends Summarizer>(summarizer: S, metrics: StrataMetrics): Summarizer {
  return {
    name: summarizer.name,
    summarize: (request) => metrics.countCall('summarize', () => summarizer.summarize(request)),
  };
}
