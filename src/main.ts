import { createApp } from './api/app.js';
import { ConfigError, loadConfig } from './config.js';
import { startScheduler } from './jobs/scheduler.js';
import { createLogger } from './log.js';
import { gracefulShutdown } from './shutdown.js';
import { createStrata, type Strata } from './strata.js';

/** The server: config, Neo4j and schema, HTTP, scheduler; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const strata = await createStrata(config, log);
  await waitForNeo4j(strata);
  await strata.migrate();

  const app = createApp({
    services: strata.services,
    metrics: strata.metrics,
    log,
    bodyLimitBytes: config.http.bodyLimitBytes,
    apiKeys: config.http.apiKeys,
  });
  if (config.http.apiKeys.length === 0) {
    log.warn('no API keys configured: every route and every group is open to anyone who can reach this port');
  } else {
    // Names and scopes only; keys are held as hashes and never logged.
    log.info(
      { keys: config.http.apiKeys.map((k) => ({ name: k.name, groups: k.groups, admin: k.admin })) },
      'API keys loaded',
    );
  }
  const server = app.listen(config.http.port, config.http.host, () => {
    log.info({ host: config.http.host, port: config.http.port }, 'strata listening');
  });
  const scheduler = config.scheduler.enabled
    ? startScheduler({
        schedule: config.scheduler.schedule,
        concurrency: config.scheduler.concurrency,
        groupsDue: () => strata.runs.groupsDue(),
        runCycle: (groupId) => strata.cycle(groupId),
        shareCommits: () => strata.shareCommits(),
        log,
      })
    : null;

  let stopping = false;
  const stop = async (signal: string) => {
    // A second signal while stopping changes nothing; the bound below still holds.
    if (stopping) return;
    stopping = true;
    const bound = config.http.shutdownTimeoutMs;
    log.info({ signal, timeoutMs: bound }, 'shutting down');
    const outcome = await gracefulShutdown({ server, scheduler, strata, log }, bound).catch((error) => {
      log.error({ err: error }, 'shutdown failed');
      return 'failed' as const;
    });
    if (outcome === 'clean') log.info('stopped');
    else log.warn({ outcome, timeoutMs: bound }, 'stopped without finishing everything');
    process.exit(outcome === 'clean' ? 0 : 1);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Neo4j may still be starting (compose, a laptop); wait up to a minute with a clear log line per try. */
async function waitForNeo4j(strata: Strata): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await strata.graph.verifyConnectivity();
      return;
    } catch (error) {
      if (attempt >= 30) {
        throw new Error(`Neo4j at ${strata.config.neo4j.uri} is unreachable: ${(error as Error).message}`);
      }
      strata.log.warn(
        { attempt, uri: strata.config.neo4j.uri, reason: (error as Error).message },
        'waiting for Neo4j',
      );
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
