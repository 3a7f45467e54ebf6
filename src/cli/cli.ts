import { readFileSync } from 'node:fs';
import { type Config, ConfigError, loadConfig } from '../config.js';
import type { Logger } from '../log.js';
import { projectPath } from '../project-files.js';
import { UsageError } from './args.js';
import type { Backend, CommandSpec, Needs, OutStream } from './command.js';
import { COMMANDS, isCommandName } from './commands/index.js';
import { connectionHelp, EXIT, isConnectionError, isSchemaMismatch } from './exit-codes.js';
import { type CommandLine, parseCommandLine } from './parse.js';
import { commandUsage, generalUsage } from './usage.js';

/** Everything the CLI touches outside itself, so tests can run it with fakes and no Neo4j. */
export interface CliIo {
  stdout: OutStream;
  stderr: OutStream;
  env: Record<string, string | undefined>;
  /** Standard input; none (an empty stream) when absent. */
  stdin?: AsyncIterable<string | Buffer>;
  /** Opens Strata; the default wires the real one (loaded only when a command needs it). */
  openBackend?: (config: Config, log: Logger) => Promise<Backend>;
  now?: () => Date;
}

/** Runs one command line and returns the exit code; never calls process.exit itself. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let line: CommandLine;
  try {
    line = parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(io.stderr, error);
    throw error;
  }
  if (line.command === 'help') {
    const topic = line.options.topic;
    io.stdout.write(topic ? commandUsage(COMMANDS[topic] as CommandSpec<unknown>) : generalUsage());
    return EXIT.ok;
  }
  if (line.command === 'version') {
    io.stdout.write(`strata ${packageVersion()}\n`);
    return EXIT.ok;
  }

  const spec = COMMANDS[line.command] as CommandSpec<unknown>;
  const stdin = io.stdin ?? emptyInput();
  const needs = typeof spec.needs === 'function' ? spec.needs(line.options) : spec.needs;
  if (needs === 'nothing') return runOffline(spec, line.options, io, stdin);
  let config: Config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(
      `${error.message}\nSet or fix these environment variables, then run the command again.\n`,
    );
    return EXIT.usage;
  }
  // Loaded only now: Strata brings the driver and the AI libraries, which help and usage errors do not need.
  const { createCliLogger, openStrataBackend } = await import('./backend.js');
  // The server logs every ingest batch at info; on a terminal that would drown the progress bar.
  const log = createCliLogger(io.env.LOG_LEVEL ? config.logLevel : 'warn', io.stderr);

  let backend: Backend | undefined;
  try {
    backend = await (io.openBackend ?? openStrataBackend)(config, log);
    const problem = await preflight(backend, needs, config, io.stderr);
    if (problem) {
      io.stderr.write(problem);
      return EXIT.neo4j;
    }
    return await spec.run(line.options, {
      backend,
      stdin,
      stdout: io.stdout,
      stderr: io.stderr,
      now: io.now ?? (() => new Date()),
    });
  } catch (error) {
    return reportFailure(io.stderr, error, spec.name, config, io.env.LOG_LEVEL === 'debug');
  } finally {
    await backend?.close().catch(() => undefined);
  }
}

/** A command that needs no configuration and no Neo4j: nothing is loaded or opened for it. */
async function runOffline(
  spec: CommandSpec<unknown>,
  options: unknown,
  io: CliIo,
  stdin: AsyncIterable<string | Buffer>,
): Promise<number> {
  try {
    return await spec.run(options, {
      backend: noBackend(spec.name),
      stdin,
      stdout: io.stdout,
      stderr: io.stderr,
      now: io.now ?? (() => new Date()),
    });
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(io.stderr, error);
    io.stderr.write(`strata ${spec.name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
}

/** Stands in for the backend of a command that needs none; any use of it is a fault of ours. */
function noBackend(command: string): Backend {
  return new Proxy({} as Backend, {
    get(_, property) {
      throw new Error(`strata ${command} works without Neo4j, but used backend.${String(property)}`);
    },
  });
}

async function* emptyInput(): AsyncIterable<string> {}

/** Checks, before any work, that Neo4j answers and (for most commands) that the schema is there. */
async function preflight(
  backend: Backend,
  needs: Exclude<Needs, 'nothing'>,
  config: Config,
  stderr: OutStream,
): Promise<string | null> {
  const { uri, database } = config.neo4j;
  const readiness = await backend.services.readiness();
  if (readiness.neo4j === 'unreachable') {
    return `Cannot reach Neo4j at ${uri}: ${readiness.message ?? 'no answer'}\n${connectionHelp(uri, database)}\n`;
  }
  if (needs === 'connection') return null;
  const missing = readiness.schema?.missing ?? [];
  if (missing.length > 0) {
    return (
      `Strata's schema is not applied to database "${database}" at ${uri} (missing: ${missing.join(', ')}).\n` +
      'Run `strata migrate` (npm run migrate) first.\n'
    );
  }
  await backend.checkEmbedder();
  const notOnline = readiness.schema?.notOnline ?? [];
  if (notOnline.length > 0) {
    stderr.write(`warning: indexes still being built: ${notOnline.join(', ')}; results may be incomplete\n`);
  }
  return null;
}

function usageFailure(stderr: OutStream, error: UsageError): number {
  const command = error.command && isCommandName(error.command) ? error.command : undefined;
  const prefix = command ? `strata ${command}` : 'strata';
  const usage = command ? commandUsage(COMMANDS[command] as CommandSpec<unknown>) : generalUsage();
  stderr.write(`${prefix}: ${error.message}\n\n${usage}`);
  return EXIT.usage;
}

function reportFailure(
  stderr: OutStream,
  error: unknown,
  command: string,
  config: Config,
  debug: boolean,
): number {
  if (error instanceof UsageError) return usageFailure(stderr, error);
  const message = error instanceof Error ? error.message : String(error);
  if (isConnectionError(error)) {
    stderr.write(
      `Lost Neo4j at ${config.neo4j.uri}: ${message}\n${connectionHelp(config.neo4j.uri, config.neo4j.database)}\n`,
    );
    return EXIT.neo4j;
  }
  if (isSchemaMismatch(error)) {
    stderr.write(`${message}\n`);
    return EXIT.neo4j;
  }
  stderr.write(`strata ${command}: ${message}\n`);
  if (debug && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
  return EXIT.failed;
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}
