import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { z } from 'zod';
import type { Logger } from '../log.js';

export interface FieldIssue {
  /** Where the problem is, e.g. "body.memories.3.ts" or "query.k". */
  field: string;
  message: string;
}

/** A request that cannot be served as sent: 4xx with a code, a message and, for bad fields, where they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

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
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const http = toHttpError(err);
    if (http) {
      res.status(http.status).json({
        error: http.code,
        message: http.message,
        ...(http.issues.length ? { issues: http.issues } : {}),
      });
      return;
    }
    log.error({ err, method: req.method, path: req.path }, 'request failed');
    res
      .status(500)
      .json({ error: 'internal_error', message: 'the server failed to handle this request; see its log' });
  };
}

function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  const e = err as { type?: string; status?: number; limit?: number };
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
  return null;
}
