import type { ApiServices } from '../api/services.js';
import type { CycleReport } from '../domain/cycle-report.js';
import type { ReembedReport } from '../domain/reembed.js';
import type { MigrationReport } from '../graph/migrations.js';
import type { listStrataIndexes } from '../graph/schema.js';
import type { CycleOptions } from '../jobs/cycle.js';
import type { dropPreviousVectors, ReembedOptions } from '../jobs/reembed.js';
import type { CycleCommits } from '../jobs/scheduler.js';
import type { FlagSpecs, Flags } from './args.js';

/** Where the CLI writes: process.stdout/stderr in real use, string collectors in tests. */
export interface OutStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export type IndexState = Awaited<ReturnType<typeof listStrataIndexes>>[number];

/**
 * What the commands use of Strata: the API's services plus the few operations only an operator runs.
 * main wires a real Strata behind it; tests hand in a fake, so commands run without Neo4j.
 */
export interface Backend {
  services: ApiServices;
  cycle(groupId: string, options?: CycleOptions): Promise<CycleReport>;
  /** Groups the scheduler would cycle now. */
  groupsDue(): Promise<string[]>;
  /** How the scheduler runs a tick's cycles: this many groups at a time, their writes sharing commits. */
  tick: { concurrency: number; shareCommits(): CycleCommits };
  /** Says which migrations it applied, and the schema version the database is at. */
  migrate(): Promise<MigrationReport>;
  indexes(): Promise<IndexState[]>;
  /**
   * Throws SchemaMismatchError when the database's vectors come from another embedder than the configured one (or,
   * in a database without that record, its vector indexes have another size); else points the graph at them.
   */
  checkEmbedder(): Promise<void>;
  reembed(options: ReembedOptions): Promise<ReembedReport>;
  dropPreviousVectors(): ReturnType<typeof dropPreviousVectors>;
  close(): Promise<void>;
}

export interface CommandContext {
  /** For a command that needs nothing, a stand-in that throws on any use: such a command never opens Neo4j. */
  backend: Backend;
  /** Standard input, for commands that read it (`entities extract`). */
  stdin: AsyncIterable<string | Buffer>;
  stdout: OutStream;
  /** Progress, warnings and hints; never data. */
  stderr: OutStream;
  now(): Date;
}

export type Needs = 'nothing' | 'connection' | 'schema';

/** One `strata <name>` command: its flags and help, a pure parse step, and the run step. */
export interface CommandSpec<Options> {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Everything after `strata <name>` in the usage line. */
  synopsis: string;
  /** A few lines of explanation printed under the usage line. */
  description?: string;
  flags: FlagSpecs;
  /** Whether positionals are accepted at all (parseArgs refuses them otherwise). */
  positionals?: boolean;
  /** Turns parsed flags into the command's options; throws UsageError. Pure: no I/O. */
  parse(flags: Flags): Options;
  /**
   * `nothing`: runs without configuration or Neo4j; `connection`: Neo4j must answer; `schema`: Strata's indexes
   * must exist too. A function when it depends on the options (a subcommand that works offline).
   */
  needs: Needs | ((options: Options) => Needs);
  /** Returns the exit code. */
  run(options: Options, ctx: CommandContext): Promise<number>;
}

export const JSON_FLAG = {
  json: { type: 'boolean', description: 'Print one JSON document on stdout instead of tables' },
} as const satisfies FlagSpecs;

/** --level, one of `levels`; `byDefault` says what leaving it out means. */
export function levelFlag(levels: readonly string[], byDefault: string) {
  return {
    type: 'string',
    value: '<level>',
    description: `One of ${levels.join(', ')} (default ${byDefault})`,
  } as const satisfies FlagSpecs[string];
}
