import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import {
  CycleStoppedError,
  DatabaseUnavailableError,
  EmbedderError,
  GroupGoneError,
  LeaseHeldError,
  ReembedRunningError,
} from '../errors.js';
import type { Logger } from '../log.js';
import type { StrataMetrics } from '../metrics.js';

export interface FieldIssue {
  /** Where the problem is, e.g. "body.memories.3.ts" or "query.k". */
  field: string;
  message: string;
}

/**
 * A request that cannot be served as sent (4xx), or not now (503): a code, a message and, for bad fields, where
 * they are; `retryAfterSeconds` becomes a Retry-After header and a field of the body, `details` more fields.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly extra: { retryAfterSeconds?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Longest Retry-After a held lease gets: the holder releases it when its cycle ends, usually long before expiry. */
export const LEASE_RETRY_AFTER_MAX_SECONDS = 30;

/** Retry-After of a cycle stopped by a shutdown: about as long as a restart, or a balancer's switch to another instance. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

export function validationError(where: 'body' | 'query' | 'params', error: z.ZodError): HttpError {
  const issues = error.issues.map((issue) => ({
    field: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const fields = [...new Set(issues.map((i) => i.field))];
  return new HttpError(400, 'invalid_request', `invalid ${fields.join(', ')}`, issues);
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, 'not_found', `no route for ${req.method} ${req.path}`));
};

/** The one place that turns errors into responses; server faults are logged with their stack and answered without it. */
export function errorHandler(log: Logger, metrics?: StrataMetrics): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const http = toHttpError(err);
    metrics?.httpErrors.labels(http?.code ?? 'internal_error').inc();
    if (http) {
      if (err instanceof DatabaseUnavailableError) {
        // Expected while Neo4j restarts: one line, no stack; the reason says which failure it was.
        log.warn({ method: req.method, path: req.path, reason: err.reason }, 'neo4j unavailable');
      }
      const retryAfter = http.extra.retryAfterSeconds;
      if (retryAfter !== undefined) res.set('Retry-After', String(retryAfter));
      res.status(http.status).json({
        error: http.code,
        message: http.message,
        ...(http.issues.length ? { issues: http.issues } : {}),
        ...http.extra.details,
        ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
      });
      return;
    }
    log.error({ err, method: req.method, path: req.path }, 'request failed');
    res
      .status(500)
      .json({ error: 'internal_error', message: 'the server failed to handle this request; see its log' });
  };
}

/** Strata's own errors and the body parser's, as responses; null for a server fault (500). */
export function toHttpError(err: unknown, now: number = Date.now()): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof DatabaseUnavailableError) {
    return new HttpError(
      503,
      'neo4j_unavailable',
      `${err.message}; nothing was written, send the request again later`,
      [],
      { retryAfterSeconds: err.retryAfterSeconds },
    );
  }
  if (err instanceof CycleStoppedError) {
    return new HttpError(503, 'shutting_down', `${err.message}; send the request again later`, [], {
      retryAfterSeconds: SHUTDOWN_RETRY_AFTER_SECONDS,
    });
  }
  if (err instanceof LeaseHeldError) {
    const untilExpiry = Math.ceil((Date.parse(err.expiresAt) - now) / 1000);
    return new HttpError(409, 'lease_held', `${err.message}; nothing was done, try again later`, [], {
      retryAfterSeconds: Math.min(LEASE_RETRY_AFTER_MAX_SECONDS, Math.max(1, untilExpiry || 1)),
      details: { leaseExpiresAt: err.expiresAt },
    });
  }
  if (err instanceof GroupGoneError) return new HttpError(404, 'not_found', err.message);
  if (err instanceof ReembedRunningError)
    return new HttpError(409, 'reembed_running', `${err.message}; GET /v1/admin/reembed says how far it is`);
  if (err instanceof EmbedderError)
    return new HttpError(502, 'embedder_failed', `${err.message}; nothing was written`);
  const e = err as { type?: string; limit?: number };
  if (e?.type === 'entity.too.large') {
    return new HttpError(
      413,
      'payload_too_large',
      `request body is over the limit of ${e.limit} bytes; send fewer memories per request`,
    );
  }
  if (e?.type === 'entity.parse.failed')
    return new HttpError(400, 'invalid_json', 'request body is not valid JSON');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return new HttpError(415, 'unsupported_encoding', 'send the body as UTF-8 JSON');
  }
  // Any other client fault the body reader reports (a gzip body that is not gzip, a Content-Length that lies,
  // an aborted upload) is the sender's: 400, without the parser's own words.
  const reader = err as { status?: unknown; expose?: unknown };
  if (
    reader?.expose === true &&
    typeof reader.status === 'number' &&
    reader.status >= 400 &&
    reader.status < 500
  ) {
    return new HttpError(
      reader.status,
      'unreadable_body',
      'the request body could not be read; check its Content-Encoding and Content-Length',
    );
  }
  return null;
}
