import express, { type RequestHandler } from 'express';
import { legacyKey, type ScopedKey } from '../domain/api-keys.js';
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
import { entityRoutes } from './routes/entities.js';
import { groupRoutes } from './routes/groups.js';
import { healthRoutes } from './routes/health.js';
import { memoryRoutes } from './routes/memories.js';
import { recallRoutes } from './routes/recall.js';
import { summaryRoutes } from './routes/summaries.js';
import type { ApiServices } from './services.js';

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
    ...entityRoutes(services),
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
