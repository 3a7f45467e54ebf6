import { randomUUID } from 'node:crypto';
import { createLlmCompaction, HistoryCompactor } from './ai/compaction.js';
import { HashingEmbeddings } from './ai/embeddings/hashing.js';
import { createEmbedder, type Embedder } from './ai/embeddings/index.js';
import { lazyLocalEntityExtractor } from './ai/entities/local.js';
import { createChatModel, createSummarizer } from './ai/summarizers/index.js';
import { LocalExtractiveSummarizer } from './ai/summarizers/local.js';
import type { Summarizer } from './ai/summarizers/types.js';
import { encodingFor, lazyTokenCounter } from './ai/tokenizer.js';
import type { ApiServices } from './api/services.js';
import type { Config } from './config.js';
import type { MemoryInput } from './domain/memory.js';
import type { Readiness } from './domain/readiness.js';
import type { RecallRequest } from './domain/recall.js';
import { buildVerifyReport } from './domain/verify.js';
import { DriftViews } from './drift/views.js';
import { DatabaseUnavailableError, GroupGoneError } from './errors.js';
import { exportGroup } from './export/group-export.js';
import { CycleRunRepository } from './graph/cycle-runs.js';
import { createDriver } from './graph/driver.js';
import { EntityReads, EntityRepository } from './graph/entities.js';
import { EraRepository } from './graph/eras.js';
import { ExportRepository } from './graph/exports.js';
import { Graph } from './graph/graph.js';
import { GroupRepository } from './graph/groups.js';
import { MaintenanceRepository } from './graph/maintenance.js';
import { MemoryRepository } from './graph/memories.js';
import type { MigrationReport } from './graph/migrations.js';
import { RecallRepository } from './graph/recall.js';
import { ReembedRepository } from './graph/reembed.js';
import { RollupRepository } from './graph/rollups.js';
import {
  applySchema,
  awaitIndexes,
  createSlotIndexes,
  dropSlotIndexes,
  readEmbedderRecord,
  schemaReady,
} from './graph/schema.js';
import { SummaryRepository } from './graph/summaries.js';
import { VerifyRepository } from './graph/verify.js';
import { ingestMemories } from './ingest/ingest.js';
import { type CycleDeps, type CycleOptions, runCycle } from './jobs/cycle.js';
import {
  dropPreviousVectors,
  type ReembedDeps,
  type ReembedOptions,
  ReembedRunner,
  reembed,
  reembedStatusOf,
} from './jobs/reembed.js';
import { rollupEras } from './jobs/rollup-eras.js';
import { SUMMARY_CHILDREN_PER_WRITE } from './jobs/rollup-level.js';
import type { CycleCommits } from './jobs/scheduler.js';
import type { Logger } from './log.js';
import { countedEmbedder, countedSummarizer, StrataMetrics } from './metrics.js';
import { groupContext } from './recall/context.js';
import { type RecallDeps, recall } from './recall/recall.js';

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
 * How long a cycle's write waits for the other cycles of its tick to reach theirs. Long enough for a tick's small
 * cycles to meet: at 20 ms, the first day after a bulk load of 1,000 small groups, whose cycles ran slower than the
 * next day's, went to Neo4j as 351-374 transactions instead of 160, at 10 ms of Neo4j's CPU a group instead of 6.8.
 * Short enough that a cycle which went on to summarise with a remote model holds the others' writes only briefly.
 */
const SHARED_COMMIT_WAIT_MS = 50;

export async function createStrata(config: Config, log: Logger): Promise<Strata> {
  const metrics = new StrataMetrics({
    groupsDue: async () => (await runs.groupsDue()).length,
    oldestBacklogSeconds: () => runs.oldestBacklogSeconds(),
  });
  const graph = new Graph(createDriver(config.neo4j), config.neo4j.database, (kind) =>
    metrics.neo4jErrors.labels(kind).inc(),
  );
  const embedder = countedEmbedder(await createEmbedder(config, log), metrics);
  // The extractive summarizer ranks sentences with the local hashing vectors whatever embedder stores them.
  const sentenceVectors = new HashingEmbeddings({ dimension: 384 });
  const summarizer = countedSummarizer(createSummarizer(config, sentenceVectors), metrics);
  const localSummarizer = new LocalExtractiveSummarizer(sentenceVectors);
  const memories = new MemoryRepository(graph);
  const groups = new GroupRepository(graph);
  const summaries = new SummaryRepository(graph);
  const runs = new CycleRunRepository(graph);
  const integrity = new VerifyRepository(graph);
  const eraRepository = new EraRepository(graph);
  const drift = new DriftViews(eraRepository, config.eras);
  const entityRepository = new EntityRepository(graph);
  const entityReads = new EntityReads(graph);
  const cycleDeps: CycleDeps = {
    rollups: new RollupRepository(graph),
    maintenance: new MaintenanceRepository(graph),
    runs,
    summarizer,
    localSummarizer,
    embedder,
    config,
    log,
    ...(config.entities.enabled
      ? { entities: { store: entityRepository, extractor: lazyLocalEntityExtractor() } }
      : {}),
    ...(config.eras.enabled ? { eras: (ctx) => rollupEras(ctx, eraRepository, config.eras) } : {}),
    instance: randomUUID(),
    metrics,
  };
  // Shutdown aborts this signal; every cycle started here watches it and stops between two periods.
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  const cycle = (groupId: string, options?: CycleOptions) => {
    const run = runCycle(cycleDeps, groupId, { signal: stopping.signal, ...options }).then(
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
  const ingestDeps = { memories, embedder, defaultTimezone: config.defaultTimezone };
  const range = config.recall.vectorRelevanceRange;
  const recallRepository = new RecallRepository(graph);
  const exportRepository = new ExportRepository(graph);
  const recallDeps: RecallDeps = {
    repo: recallRepository,
    embedder,
    settings: {
      listWeights: config.recall.listWeights,
      fusion: config.recall.fusion,
      minRelevance: config.recall.minRelevance,
      termCandidates: config.recall.termCandidates,
      contextCandidates: config.recall.contextCandidates,
      vectorRelevance: range
        ? (similarity) => Math.min(1, Math.max(0, (similarity - range[0]) / (range[1] - range[0])))
        : null,
      turnGapMinutes: config.rollup.sessionGapMinutes,
    },
  };
  const recallFn = (groupId: string, request: RecallRequest) =>
    metrics.time(metrics.recallSeconds, () => recall(recallDeps, groupId, request));
  const contextTokens = lazyTokenCounter(
    encodingFor(config.context.tokenizer, config.context.chatModel),
    (error) => log.warn({ err: error }, 'context tokenizer could not load; token counts are estimates'),
  );
  const compactor = new HistoryCompactor({
    local: localSummarizer,
    ...(config.summarizer.kind === 'openai' ? { llm: createLlmCompaction(createChatModel(config)) } : {}),
  });

  const reembedDeps: ReembedDeps = {
    store: new ReembedRepository(graph),
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
  const reembedRunner = new ReembedRunner((options) => reembed(reembedDeps, options), log);
  const reembedStatus = async () =>
    reembedStatusOf(await readEmbedderRecord(graph), embedder, reembedRunner.latest());

  const services: ApiServices = {
    ingest: async (groupId: string, inputs: MemoryInput[]) => {
      const result = await ingestMemories(ingestDeps, groupId, inputs);
      metrics.memoriesIngested.inc(result.created.length);
      log.info({ groupId, created: result.created.length, existing: result.existing.length }, 'ingest');
      return result;
    },
    readiness: () => readiness(graph, embedder),
    getGroup: (groupId) => summaries.group(groupId),
    setTimezone: (groupId, timezone) => summaries.setTimezone(groupId, timezone),
    deleteGroup: (groupId) => groups.deleteGroup(groupId),
    verify: async (groupId) => {
      const [{ findings, pendingMemories }, group] = await Promise.all([
        integrity.check(groupId, embedder.dimension),
        summaries.group(groupId),
      ]);
      if (!group) throw new GroupGoneError(groupId);
      return buildVerifyReport(groupId, findings, pendingMemories, group.cycle);
    },
    aggregate: (groupId, { dryRun }) => cycle(groupId, { dryRun }),
    listSummaries: (groupId, query) => summaries.list(groupId, query),
    getSummary: (id) => summaries.get(id),
    listEntities: (groupId, query) => entityReads.list(groupId, query),
    getEntity: (groupId, entityId) => entityReads.profile(groupId, entityId),
    recall: recallFn,
    context: (groupId, options) =>
      groupContext(
        {
          repo: recallRepository,
          recall: recallFn,
          tokens: contextTokens,
          minRelevance: config.recall.minRelevance,
        },
        groupId,
        options,
      ),
    compact: (request) => compactor.compact(request),
    drift: (groupId, query) => drift.drift(groupId, query),
    driftChart: (groupId, query) => drift.chart(groupId, query),
    topicTimeline: (groupId, name, query) => drift.topicTimeline(groupId, name, query),
    topicsOverTime: (groupId, query) => drift.topicsOverTime(groupId, query),
    eras: (groupId) => drift.eras(groupId),
    previewEras: (groupId, request) => drift.previewEras(groupId, request),
    eraSignal: (groupId) => drift.eraSignal(groupId),
    groupSettings: async (groupId) =>
      (await groups.settings(groupId)) ?? { timezone: config.defaultTimezone, eras: null },
    setEraParameters: async (groupId, parameters) => {
      const result = await eraRepository.setParameters(groupId, parameters, config.defaultTimezone);
      log.info(
        { groupId, eraParameters: result.parameters, changed: result.changed, erasRemoved: result.removed },
        result.changed
          ? 'group era parameters set; its next cycle detects its eras afresh'
          : 'group era parameters unchanged',
      );
      return { timezone: result.timezone, eras: result.parameters };
    },
    scoreEras: (groupId, request) => drift.scoreEras(groupId, request),
    exportGroup: (groupId, options) =>
      exportGroup(
        {
          repo: exportRepository,
          group: (id) => summaries.group(id),
          eras: (id) => drift.eras(id),
          eraParameters: (id) => eraRepository.parameters(id),
        },
        groupId,
        options,
      ),
    profile: (groupId) => drift.profile(groupId),
    reembedStatus,
    startReembed: async (request) => {
      reembedRunner.start(request.pageSize);
      return reembedStatus();
    },
    estimateReembed: (request) => reembed(reembedDeps, { dryRun: true, pageSize: request.pageSize }),
  };

  return {
    config,
    log,
    graph,
    embedder,
    summarizer,
    memories,
    groups,
    summaries,
    runs,
    services,
    metrics,
    cycle,
    shareCommits,
    migrate: async () => {
      const migrations = await applySchema(graph, embedder);
      await awaitIndexes(graph);
      log.info(
        {
          schemaVersion: migrations.to,
          migrated:
            migrations.applied.length > 0
              ? { from: migrations.from, applied: migrations.applied }
              : undefined,
          dimension: embedder.dimension,
          embedder: embedder.name,
          memoryVectorIndex: embedder.semantic,
        },
        'schema applied',
      );
      return migrations;
    },
    reembed: (options) => reembed(reembedDeps, options),
    dropPreviousVectors: () => dropPreviousVectors(reembedDeps),
    stopCycles: () => stopping.abort(),
    close: async () => {
      stopping.abort();
      await Promise.allSettled([...running]);
      await graph.close();
    },
  };
}

async function readiness(graph: Graph, embedder: Embedder): Promise<Readiness> {
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
