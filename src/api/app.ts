import express, { type RequestHandler } from 'express';
import type { CompactRequest, CompactResponse } from '../ai/compaction.js';
import { legacyKey, type ScopedKey } from '../domain/api-keys.js';
import type { BuiltContext } from '../domain/context.js';
import type { CycleReport } from '../domain/cycle-report.js';
import type { DriftChart } from '../domain/drift-chart.js';
import type {
  DriftResponse,
  Era,
  EraParameters,
  EraPreview,
  GroupProfile,
  SeriesQuery,
  TopicTimeline,
} from '../domain/era.js';
import type { EraSignal } from '../domain/era-signal.js';
import type { ExportLine } from '../domain/group-export.js';
import type { IngestResult, MemoryInput } from '../domain/memory.js';
import type { RecallRequest, RecallResponse } from '../domain/recall.js';
import type { ReembedReport, ReembedRequest, ReembedStatus } from '../domain/reembed.js';
import type { EraScoreRequest, SegmentationScore } from '../domain/segmentation.js';
import type {
  Group,
  GroupSettingsInForce,
  Summary,
  SummaryDetail,
  SummaryListQuery,
} from '../domain/summary.js';
import type { TopicsOverTime } from '../domain/topics-over-time.js';
import type { VerifyReport } from '../domain/verify.js';
import type { Logger } from '../log.js';
import { MCP_PATH, mcpHttpHandler } from '../mcp/http.js';
import type { StrataMetrics } from '../metrics.js';
import { bearerAuth, requestKey } from './auth.js';
import { errorHandler, notFound } from './errors.js';
import { METRICS_PATH, metricsHandlers, routeTemplate } from './metrics.js';
import { type AnyRoute, mountRoutes } from './route.js';
import { adminRoutes } from './routes/admin.js';
import { DOCS_ASSETS_PATH, docsAssets, withDocsRoutes } from './routes/docs.js';
import { driftRoutes } from './routes/drift.js';
import { DRIFT_ASSETS_PATH, driftPageAssets, driftPageRoutes } from './routes/drift-page.js';
import { groupRoutes } from './routes/groups.js';
import { healthRoutes, type Readiness } from './routes/health.js';
import { memoryRoutes } from './routes/memories.js';
import { recallRoutes } from './routes/recall.js';
import { summaryRoutes } from './routes/summaries.js';

/** What the HTTP layer needs from the rest of Strata; tests hand in their own. */
export interface ApiServices {
  ingest(groupId: string, memories: MemoryInput[]): Promise<IngestResult>;
  readiness(): Promise<Readiness>;
  getGroup(groupId: string): Promise<Group | null>;
  setTimezone(
    groupId: string,
    timezone: string,
  ): Promise<{ allowed: boolean; previousTimezone: string; timezone: string }>;
  /** The group's settings in force: its time zone and its own era parameters (null: the server's). */
  groupSettings(groupId: string): Promise<GroupSettingsInForce>;
  /** Sets the group's own era parameters (null: the server's); a change removes its eras for the next cycle. */
  setEraParameters(groupId: string, parameters: EraParameters | null): Promise<GroupSettingsInForce>;
  deleteGroup(groupId: string): Promise<void>;
  verify(groupId: string): Promise<VerifyReport>;
  aggregate(groupId: string, options: { dryRun: boolean }): Promise<CycleReport>;
  listSummaries(groupId: string, query: SummaryListQuery): Promise<Summary[]>;
  getSummary(id: string): Promise<SummaryDetail | null>;
  recall(groupId: string, request: RecallRequest): Promise<RecallResponse>;
  context(groupId: string, options: { budgetTokens: number; query?: string }): Promise<BuiltContext>;
  compact(request: CompactRequest): Promise<CompactResponse>;
  drift(groupId: string, query: SeriesQuery): Promise<DriftResponse>;
  driftChart(groupId: string, query: SeriesQuery): Promise<DriftChart>;
  topicTimeline(groupId: string, name: string, query: SeriesQuery): Promise<TopicTimeline>;
  topicsOverTime(groupId: string, query: SeriesQuery): Promise<TopicsOverTime>;
  eras(groupId: string): Promise<Era[]>;
  /** What the era detector reads, day by day, with its parameters and the data cut. */
  eraSignal(groupId: string): Promise<EraSignal>;
  /** What-if detection: the eras other parameters give, from the stored series; nothing is written. */
  previewEras(groupId: string, request: EraParameters): Promise<EraPreview>;
  /** The stored eras, or a preview's, against gold boundaries; null when there are none. */
  scoreEras(groupId: string, request: EraScoreRequest): Promise<SegmentationScore | null>;
  exportGroup(groupId: string, options: { summaries: boolean }): AsyncIterable<ExportLine>;
  profile(groupId: string): Promise<GroupProfile>;
  /** The embedder of the database's vectors and this server's latest re-embedding (jobs/reembed.ts). */
  reembedStatus(): Promise<ReembedStatus>;
  /** Starts a re-embedding with this server's embedder in the background; ReembedRunningError while one runs. */
  startReembed(request: ReembedRequest): Promise<ReembedStatus>;
  /** What a re-embedding would do, writing nothing. */
  estimateReembed(request: ReembedRequest): Promise<ReembedReport>;
}

export interface AppOptions {
  services: ApiServices;
  /** Served at /metrics, and fed by every request; absent in tests that have no use for it. */
  metrics?: StrataMetrics;
  log: Logger;
  bodyLimitBytes: number;
  /** A single key for every group (STRATA_API_KEY), kept for callers that have one key. */
  apiKey?: string;
  /** Keys scoped to groups; with any key (here or `apiKey`), /v1 routes and /mcp need `Authorization: Bearer`. */
  apiKeys?: readonly ScopedKey[];
}

/** Every route, plus /openapi.json and /docs describing all of them (built once, on first request). */
export function allRoutes(services: ApiServices): AnyRoute[] {
  return withDocsRoutes([
    ...healthRoutes(services),
    ...memoryRoutes(services),
    ...groupRoutes(services),
    ...summaryRoutes(services),
    ...recallRoutes(services),
    ...driftRoutes(services),
    ...driftPageRoutes(),
    ...adminRoutes(services),
  ]);
}

export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(options.log, options.metrics));
  app.use(express.json({ limit: options.bodyLimitBytes }));
  const keys = [...(options.apiKey ? [legacyKey(options.apiKey)] : []), ...(options.apiKeys ?? [])];
  if (options.metrics) app.get(METRICS_PATH, ...metricsHandlers(options.metrics, keys));
  if (keys.length > 0) {
    app.use('/v1', bearerAuth(keys));
    app.use(MCP_PATH, bearerAuth(keys));
  }
  // Middleware rather than a route: MCP is JSON-RPC, described by its own tools/list, not by OpenAPI.
  app.use(MCP_PATH, mcpHttpHandler(options.services, options.log));
  app.use(DOCS_ASSETS_PATH, docsAssets());
  app.use(DRIFT_ASSETS_PATH, driftPageAssets());
  const router = express.Router();
  mountRoutes(router, allRoutes(options.services));
  app.use(router);
  app.use(notFound);
  app.use(errorHandler(options.log, options.metrics));
  return app;
}

function requestLog(log: Logger, metrics?: StrataMetrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      metrics?.httpRequests.labels(req.method, routeTemplate(req), String(res.statusCode)).observe(ms / 1000);
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug';
      // The key's name, never the key: who did what, for the audit trail.
      const key = requestKey(res)?.name;
      log[level](
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          ...(key ? { key } : {}),
        },
        'http',
      );
    });
    next();
  };
}
