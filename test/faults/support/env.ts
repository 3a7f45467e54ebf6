import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What the environment gives the fault suite: a Neo4j, and optionally the commands that stop and start it. */
export function faultEnv() {
  const stop = process.env.NEO4J_STOP_CMD?.trim() || undefined;
  const start = process.env.NEO4J_START_CMD?.trim() || undefined;
  return {
    neo4jUri: process.env.NEO4J_URI?.trim() || undefined,
    stopCmd: stop,
    startCmd: start,
    canRestart: Boolean(stop && start),
  };
}

const env = faultEnv();

/** Runs one of the configured shell commands; its output is kept for the failure message. */
async function shell(command: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  try {
    await run('bash', ['-c', command], { timeout: timeoutMs });
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
