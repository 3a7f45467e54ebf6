import type { Server } from 'node:http';
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
