/** How the client retries a 503 (the only status that says "nothing was done, try again later"). */
export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retrying off. */
  retries: number;
  /** Wait before retry n (0-based) when the server sends no Retry-After: baseDelayMs * 2^n, jittered. */
  baseDelayMs: number;
  /** Longest wait the client accepts; a Retry-After asking for more ends the retries at once. */
  maxDelayMs: number;
}

export interface TransportOptions {
  fetch: typeof globalThis.fetch;
  /** Per attempt, headers and body included. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** Injected by tests; resolves after `ms` or rejects when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>;
}

/**
 * A fetch that gives each attempt its own timeout and retries 503 answers, waiting as long as the server's
 * Retry-After header says (seconds or an HTTP date) or backing off exponentially when it says nothing.
 * The last 503 is returned as it is, so the caller reports the server's own reason.
 */
export function resilientFetch(options: TransportOptions): (request: Request) => Promise<Response> {
  const sleep = options.sleep ?? abortableSleep;
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      // A request body can be read once; every attempt sends a fresh copy.
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(options.timeoutMs)]);
      const response = await options.fetch(new Request(request.clone(), { signal }));
      if (response.status !== 503 || attempt >= options.retry.retries) return response;
      const delay =
        retryAfterMs(response.headers.get('retry-after'), Date.now()) ??
        backoffMs(attempt, options.retry.baseDelayMs);
      if (delay > options.retry.maxDelayMs) return response;
      // Frees the connection for the next attempt.
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay, request.signal);
    }
  };
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function backoffMs(attempt: number, baseDelayMs: number): number {
  // Jitter spreads clients that failed together, so they do not come back together.
  return baseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function abortableSleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
