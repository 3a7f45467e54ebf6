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
 * The server answered with an error status. `retryable` says whether the same request may succeed later as it is
 * (503: Neo4j unavailable, nothing written; 409 lease_held: another instance runs the group's cycle), and
 * `retryAfterMs` when to try, from the Retry-After header; every other 4xx needs a different request. `error`, `message` and `issues` are the fields of the
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
  /** The server's Retry-After, in milliseconds; undefined when it sent none. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, body: unknown, retryAfterMs?: number) {
    const known = asErrorBody(body);
    super(
      known?.message ?? `HTTP ${status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`,
    );
    this.status = status;
    // Bodies that are not Strata's (a gateway's 502 page) still get a code the caller can switch on.
    this.error = known?.error ?? `http_${status}`;
    this.issues = known?.issues ?? [];
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }

  /** Whether sending the same request again later can succeed. */
  get retryable(): boolean {
    return this.status === 503 || (this.status === 409 && this.error === 'lease_held');
  }
}

/** 401 (no key, or not one the server knows) or 403 (the key may not use this group, or manage groups). */
export class StrataAccessError extends StrataApiError {}

/** 409 lease_held: another instance is running the group's cycle; nothing was done. */
export class StrataLeaseHeldError extends StrataApiError {
  /** When the holder's lease expires at the latest; it is released sooner when its cycle ends. */
  readonly leaseExpiresAt: string | undefined;

  constructor(status: number, body: unknown, retryAfterMs?: number) {
    super(status, body, retryAfterMs);
    const expires = (body as { leaseExpiresAt?: unknown } | null)?.leaseExpiresAt;
    this.leaseExpiresAt = typeof expires === 'string' ? expires : undefined;
  }
}

/** 503: the server cannot serve now (Neo4j unavailable); nothing was written; the client's retries are spent. */
export class StrataUnavailableError extends StrataApiError {}

/** The error for an error answer: the subclass that fits its status and code, else StrataApiError. */
export function apiError(status: number, body: unknown, retryAfterMs?: number): StrataApiError {
  if (status === 401 || status === 403) return new StrataAccessError(status, body, retryAfterMs);
  if (status === 503) return new StrataUnavailableError(status, body, retryAfterMs);
  if (status === 409 && asErrorBody(body)?.error === 'lease_held') {
    return new StrataLeaseHeldError(status, body, retryAfterMs);
  }
  return new StrataApiError(status, body, retryAfterMs);
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
