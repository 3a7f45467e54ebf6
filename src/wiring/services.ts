import type { ApiServices } from '../api/services.js';
import type { Config } from '../config.js';
import type { MemoryInput } from '../domain/memory.js';
import { buildVerifyReport } from '../domain/verify.js';
import { DriftViews } from '../drift/views.js';
import { GroupGoneError } from '../errors.js';
import { exportGroup } from '../export/group-export.js';
import type { Graph } from '../graph/graph.js';
import { ingestMemories } from '../ingest/ingest.js';
import type { Logger } from '../log.js';
import type { StrataMetrics } from '../metrics.js';
import type { Ai } from './ai.js';
import type { Cycles } from './cycles.js';
import type { Recall } from './recall.js';
import type { Reembedding } from './reembed.js';
import { readiness } from './schema.js';
import type { Stores } from './stores.js';

/** What the HTTP API, the MCP server and the CLI call: each service over the stores, models and jobs wired before. */
export function createServices(parts: {
  config: Config;
  log: Logger;
  graph: Graph;
  stores: Stores;
  ai: Ai;
  metrics: StrataMetrics;
  cycles: Cycles;
  recall: Recall;
  reembedding: Reembedding;
}): ApiServices {
  const { config, log, graph, stores, ai, metrics, cycles, recall, reembedding } = parts;
  const { summaries, groups } = stores;
  const drift = new DriftViews(stores.eras, config.eras, stores.entityCounts);
  const ingestDeps = {
    memories: stores.memories,
    embedder: ai.embedder,
    defaultTimezone: config.defaultTimezone,
  };
  return {
    ingest: async (groupId: string, inputs: MemoryInput[]) => {
      const result = await ingestMemories(ingestDeps, groupId, inputs);
      metrics.memoriesIngested.inc(result.created.length);
      log.info({ groupId, created: result.created.length, existing: result.existing.length }, 'ingest');
      return result;
    },
    readiness: () => readiness(graph, ai.embedder),
    getGroup: (groupId) => summaries.group(groupId),
    setTimezone: (groupId, timezone) => summaries.setTimezone(groupId, timezone),
    deleteGroup: (groupId) => groups.deleteGroup(groupId),
    verify: async (groupId) => {
      const [{ findings, pendingMemories, skipped }, group] = await Promise.all([
        stores.integrity.check(groupId, ai.embedder.dimension),
        summaries.group(groupId),
      ]);
      if (!group) throw new GroupGoneError(groupId);
      return buildVerifyReport(groupId, findings, pendingMemories, group.cycle, skipped);
    },
    aggregate: (groupId, { dryRun }) => cycles.cycle(groupId, { dryRun }),
    listSummaries: (groupId, query) => summaries.list(groupId, query),
    getSummary: (id) => summaries.get(id),
    listEntities: (groupId, query) => stores.entityReads.list(groupId, query),
    getEntity: (groupId, entityId) => stores.entityReads.profile(groupId, entityId),
    recall: recall.recall,
    context: recall.context,
    compact: (request) => ai.compactor.compact(request),
    drift: (groupId, query) => drift.drift(groupId, query),
    driftChart: (groupId, query) => drift.chart(groupId, query),
    topicTimeline: (groupId, name, query) => drift.topicTimeline(groupId, name, query),
    topicsOverTime: (groupId, query) => drift.topicsOverTime(groupId, query),
    entitiesOverTime: (groupId, query) => drift.entitiesOverTime(groupId, query),
    eras: (groupId, read) => drift.eras(groupId, read),
    previewEras: (groupId, request) => drift.previewEras(groupId, request),
    eraSignal: (groupId) => drift.eraSignal(groupId),
    groupSettings: async (groupId) =>
      (await groups.settings(groupId)) ?? { timezone: config.defaultTimezone, eras: null },
    setEraParameters: async (groupId, parameters) => {
      const result = await stores.eras.setParameters(groupId, parameters, config.defaultTimezone);
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
          repo: stores.exports,
          group: (id) => summaries.group(id),
          eras: (id) => drift.eras(id, { entities: true }),
          eraParameters: (id) => stores.eras.parameters(id),
        },
        groupId,
        options,
      ),
    profile: (groupId, read) => drift.profile(groupId, read),
    reembedStatus: () => reembedding.status(),
    startReembed: async (request) => {
      reembedding.start(request.pageSize);
      return reembedding.status();
    },
    estimateReembed: (request) => reembedding.run({ dryRun: true, pageSize: request.pageSize }),
  };
}
