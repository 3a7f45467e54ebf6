import type { Request, RequestHandler } from 'express';
import type { ScopedKey } from '../domain/api-keys.js';
import type { StrataMetrics } from '../metrics.js';
import { bearerAuth, requestKey } from './auth.js';
import { HttpError } from './errors.js';

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics for Prometheus. Open when Strata runs without API keys, as every route is; with keys, it needs a key
 * with the admin scope (Prometheus sends it as a bearer token: `authorization: {credentials: ...}` in its scrape
 * config), since the figures describe every group together.
 */
export function metricsHandlers(metrics: StrataMetrics, keys: readonly ScopedKey[]): RequestHandler[] {
  const serve: RequestHandler = async (_req, res, next) => {
    try {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    } catch (error) {
      next(error);
    }
  };
  if (keys.length === 0) return [serve];
  const adminOnly: RequestHandler = (_req, res, next) => {
    if (requestKey(res)?.admin) return next();
    next(new HttpError(403, 'forbidden', 'the metrics need an API key with the admin scope'));
  };
  return [bearerAuth(keys), adminOnly, serve];
}

/**
 * The route a request matched, as its template (/v1/groups/:groupId/recall), or the path a middleware is mounted
 * at (/mcp), so a label never holds an id; 'unmatched' for anything else (a 404).
 */
export function routeTemplate(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}`;
  return req.baseUrl || 'unmatched';
}
