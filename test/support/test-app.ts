import type express from 'express';
import { type AppOptions, createApp } from '../../src/api/app.js';
import { createLogger } from '../../src/log.js';
import type { Strata } from '../../src/strata.js';
import { listen } from './listen.js';

/** A body limit that no test's request reaches: the three LoCoMo dev conversations in one batch fit well inside. */
const TEST_BODY_LIMIT_BYTES = 10_000_000;

/** What a test may set beyond the services: keys, metrics, a limit of its own. */
export type TestAppOptions = Partial<Omit<AppOptions, 'services'>>;

/** Strata's HTTP app over a test Strata's services, logging nothing. */
export function testApp(strata: Pick<Strata, 'services'>, options: TestAppOptions = {}): express.Express {
  return createApp({
    services: strata.services,
    log: createLogger('silent'),
    bodyLimitBytes: TEST_BODY_LIMIT_BYTES,
    ...options,
  });
}

/** testApp served on a free local port, for a client in another process or over real sockets. */
export function serveTestApp(
  strata: Pick<Strata, 'services'>,
  options: TestAppOptions = {},
): ReturnType<typeof listen> {
  return listen(testApp(strata, options));
}
