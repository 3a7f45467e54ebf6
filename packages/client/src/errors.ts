import type { components } from './generated/openapi.js';

/** The body Strata sends with every error response. */
export type ErrorBody = components['schemas']['ErrorBody'];
/** One bad field of a rejected request, e.g. `{ field: 'body.memories.3.ts', message: '...' }`. */
export type FieldIssue = NonNullable<ErrorBody['issues']>[number];

/** Base of every error the client throws, so one `instanceof` catches them all. */
export class StrataClientError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * The server answered with an error status. `error`, `message` and `issues` are the fields of the
 * API's error body, under the names the API gives them (`error` is the machine-readable code).
 */
export class StrataApiError extends StrataClientError {
  /** HTTP status, e.g. 400, 401, 404, 409, 413, 503. */
  readonly status: number;
  /** Machine-readable code: invalid_request, unauthorized, not_found, id_conflict, ... */
  readonly error: string;
  /** For invalid input: each bad field (`body.memories.3.ts`, `query.k`) and what is wrong with it. */
  readonly issues: FieldIssue[];
  /** The body as received, for responses that are not an error body (a proxy's HTML page, a readiness report). */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const known = asErrorBody(body);
    super(
      known?.message ?? `HTTP ${status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`,
    );
    this.status = status;
    // Bodies that are not Strata's (a gateway's 502 page) still get a code the caller can switch on.
    this.error = known?.error ?? `http_${status}`;
    this.issues = known?.issues ?? [];
    this.body = body;
  }
}

/** No complete answer within the client's `timeoutMs` (per attempt). */
export class StrataTimeoutError extends StrataClientError {
  constructor(
    readonly timeoutMs: number,
    options?: ErrorOptions,
  ) {
    super(`no answer from Strata within ${timeoutMs} ms`, options);
  }
}

/** The request never got an answer: refused connection, DNS failure, reset, or the caller aborted it. */
export class StrataConnectionError extends StrataClientError {}

function asErrorBody(body: unknown): ErrorBody | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error, message, issues } = body as Record<string, unknown>;
  if (typeof error !== 'string' || typeof message !== 'string') return undefined;
  return { error, message, ...(Array.isArray(issues) ? { issues: issues as FieldIssue[] } : {}) };
}
