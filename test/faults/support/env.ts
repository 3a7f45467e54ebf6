import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * What the environment gives the fault suite: a Neo4j, optionally the commands that stop and start it, and
 * optionally its `neo4j-admin` (a command that must see this machine's temporary folder at the same path).
 */
export function faultEnv() {
  const stop = process.env.NEO4J_STOP_CMD?.trim() || undefined;
  const start = process.env.NEO4J_START_CMD?.trim() || undefined;
  const admin = process.env.NEO4J_ADMIN_CMD?.trim() || undefined;
  return {
    neo4jUri: process.env.NEO4J_URI?.trim() || undefined,
    database: process.env.NEO4J_DATABASE?.trim() || 'neo4j',
    stopCmd: stop,
    startCmd: start,
    adminCmd: admin,
    canRestart: Boolean(stop && start),
    canBackup: Boolean(stop && start && admin),
  };
}

const env = faultEnv();

/** Runs one of the configured shell commands; its output is kept for the failure message. */
async function shell(command: string, timeoutMs: number, args: string[] = []): Promise<number> {
  const started = Date.now();
  try {
    // The arguments follow the command as "$@", so a path is never re-read by the shell.
    await run('bash', ['-c', `${command} "$@"`, 'strata-faults', ...args], { timeout: timeoutMs });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} failed: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
  }
  return Date.now() - started;
}

/** Stops the Neo4j under test; returns how long the command took. */
export function stopNeo4j(timeoutMs = 180_000): Promise<number> {
  if (!env.stopCmd) throw new Error('NEO4J_STOP_CMD is not set');
  return shell(env.stopCmd, timeoutMs);
}

/** Starts it again; the command is expected to return once Bolt answers. */
export function startNeo4j(timeoutMs = 240_000): Promise<number> {
  if (!env.startCmd) throw new Error('NEO4J_START_CMD is not set');
  return shell(env.startCmd, timeoutMs);
}

/** `neo4j-admin database dump` of the database under test into `folder` (Neo4j must be stopped). */
export function dumpDatabase(folder: string, timeoutMs = 600_000): Promise<number> {
  if (!env.adminCmd) throw new Error('NEO4J_ADMIN_CMD is not set');
  return shell(env.adminCmd, timeoutMs, [
    'database',
    'dump',
    env.database,
    `--to-path=${folder}`,
    '--overwrite-destination=true',
  ]);
}

/** `neo4j-admin database load` of the dump in `folder` over the database under test (Neo4j must be stopped). */
export function loadDatabase(folder: string, timeoutMs = 600_000): Promise<number> {
  if (!env.adminCmd) throw new Error('NEO4J_ADMIN_CMD is not set');
  return shell(env.adminCmd, timeoutMs, [
    'database',
    'load',
    env.database,
    `--from-path=${folder}`,
    '--overwrite-destination=true',
  ]);
}
