import { createApp } from './api/app.js';
import { ConfigError, loadConfig } from './config.js';
import { startScheduler } from './jobs/scheduler.js';
import { createLogger } from './log.js';
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
    log,
    bodyLimitBytes: config.http.bodyLimitBytes,
    apiKey: config.http.apiKey,
  });
  const server = app.listen(config.http.port, config.http.host, () => {
    log.info({ host: config.http.host, port: config.http.port }, 'strata listening');
  });
  const scheduler = config.scheduler.enabled
    ? startScheduler({
        schedule: config.scheduler.schedule,
        groupsDue: () => strata.runs.groupsDue(),
        runCycle: (groupId) => strata.cycle(groupId),
        log,
      })
    : null;

  const stop = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    await scheduler?.stop();
    server.close();
    await strata.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
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
