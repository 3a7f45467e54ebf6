import neo4j, { type Driver } from 'neo4j-driver';
import type { Config } from '../config.js';

export function createDriver(config: Config['neo4j']): Driver {
  return neo4j.driver(config.uri, neo4j.auth.basic(config.user, config.password), {
    // Integers come back as JS numbers; Strata's counts and ids stay far below 2^53.
    disableLosslessIntegers: true,
    maxConnectionPoolSize: 50,
    connectionAcquisitionTimeout: 10_000,
    // How long a transaction is retried through transient failures and lost connections; after that the request
    // answers 503, so a client waits this long at most for a database that is gone.
    maxTransactionRetryTime: config.retrySeconds * 1000,
  });
}
