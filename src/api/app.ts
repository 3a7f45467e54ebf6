import express, { type RequestHandler } from 'express';
import type { IngestResult, MemoryInput } from '../domain/memory.js';
import type { Logger } from '../log.js';
import { errorHandler, HttpError, notFound } from './errors.js';
import { type AnyRoute, mountRoutes } from './route.js';
import { healthRoutes, type Readiness } from './routes/health.js';
import { memoryRoutes } from './routes/memories.js';

/** What the HTTP layer needs from the rest of Strata; tests hand in their own. */
export interface ApiServices {
  ingest(groupId: string, memories: MemoryInput[]): Promise<IngestResult>;
  readiness(): Promise<Readiness>;
}

export interface AppOptions {
  services: ApiServices;
  log: Logger;
  bodyLimitBytes: number;
  /** When set, /v1 routes need `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
}

export function allRoutes(services: ApiServices): AnyRoute[] {
  return [...healthRoutes(services), ...memoryRoutes(services)];
}

export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(options.log));
  app.use(express.json({ limit: options.bodyLimitBytes }));
  if (options.apiKey) app.use('/v1', bearerAuth(options.apiKey));
  const router = express.Router();
  mountRoutes(router, allRoutes(options.services));
  app.use(router);
  app.use(notFound);
  app.use(errorHandler(options.log));
  return app;
}

function bearerAuth(apiKey: string): RequestHandler {
  return (req, _res, next) => {
    const header = req.get('authorization') ?? '';
    if (header === `Bearer ${apiKey}`) return next();
    next(new HttpError(401, 'unauthorized', 'send Authorization: Bearer <STRATA_API_KEY>'));
  };
}

function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug';
      log[level](
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        'http',
      );
    });
    next();
  };
}
