import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from './api/errors.js';
import type { Logger } from './log.js';

export interface ShutdownParts {
  server: Server;
  /** Stops ticking and waits for the tick in progress. */
  scheduler: { stop(): Promise<void> } | null;
  strata: {
    /** Tells running cycles to stop at their next period. */
    stopCycles(): void;
    /** Waits for cycles to end (each records its run and releases its lease), then closes the driver. */
    close(): Promise<void>;
  };
  log: Logger;
}

/**
 * Graceful stop: no new connections, requests in flight answered, the scheduler and every cycle stopped between
 * periods (the transaction under way commits first), leases released, the driver closed. 'clean' when all that
 * finished within `timeoutMs`; 'timed out' when it did not, after the remaining connections were cut.
 */
export async function gracefulShutdown(
  parts: ShutdownParts,
  timeoutMs: number,
): Promise<'clean' | 'timed out'> {
  const { server, log } = parts;
  const httpClosed = new Promise<void>((resolve) => server.close(() => resolve()));
  // close() refuses new connections only: a request that comes after the signal on a keep-alive connection opened
  // before it would still start its work, which the stop then waits for. Such a request is refused, its connection
  // closed; the requests already in flight keep the handlers that took them.
  server.removeAllListeners('request');
  server.on('request', refuseWhileStopping);
  // Keep-alive connections stay open after their last answer; each is closed as soon as it is idle, so the
  // server waits only for requests actually in flight.
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  // Cycles first: a cycle stops at its next period, so the scheduler's tick in progress ends soon after.
  parts.strata.stopCycles();
  const work = (async () => {
    await Promise.all([
      httpClosed.then(() => log.info('http closed: every request in flight was answered')),
      parts.scheduler?.stop(),
    ]);
    await parts.strata.close();
    log.info('cycles stopped, leases released, driver closed');
    return 'clean' as const;
  })();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([work, deadline]);
    if (outcome === 'timed out') server.closeAllConnections();
    return outcome;
  } finally {
    clearTimeout(timer);
    clearInterval(idle);
  }
}

/** The answer to a request that comes while the server stops: 503 shutting_down, as the API words it, then close. */
function refuseWhileStopping(_req: IncomingMessage, res: ServerResponse): void {
  const body = JSON.stringify({
    error: 'shutting_down',
    message: 'Strata is stopping; send the request again later',
    retryAfterSeconds: SHUTDOWN_RETRY_AFTER_SECONDS,
  });
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Retry-After': String(SHUTDOWN_RETRY_AFTER_SECONDS),
    Connection: 'close',
  });
  res.end(body);
}
