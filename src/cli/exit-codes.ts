import { SchemaMismatchError } from '../errors.js';

/** Exit codes scripts can rely on. */
export const EXIT = {
  ok: 0,
  /** The work itself failed: a cycle failed, an import had rejected lines, a write was refused. */
  failed: 1,
  /** The command line or the configuration is wrong; nothing was done. */
  usage: 2,
  /** Neo4j cannot be reached or its schema does not fit; nothing was done. */
  neo4j: 3,
  /** `strata verify`: the graph is sound, but the group's cycles are behind (a backlog, or cycles that failed). */
  behind: 4,
} as const;

/** Driver error codes that mean "no usable connection", as opposed to a failing query. */
const CONNECTION_CODES = new Set([
  'ServiceUnavailable',
  'SessionExpired',
  'Neo.ClientError.Database.DatabaseNotFound',
  'Neo.TransientError.Database.DatabaseUnavailable',
]);

/** True for errors of the Neo4j driver that a better NEO4J_* setting or a running server would fix. */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return CONNECTION_CODES.has(code) || code.startsWith('Neo.ClientError.Security.');
}

export function isSchemaMismatch(error: unknown): boolean {
  return error instanceof SchemaMismatchError;
}

/** The fix for exit code 3, spelled out where the user will read it. */
export function connectionHelp(uri: string, database: string): string {
  return [
    `Check NEO4J_URI (now ${uri}), NEO4J_USER, NEO4J_PASSWORD and NEO4J_DATABASE (now ${database}),`,
    'make sure Neo4j 5.26+ is running (docker compose up -d neo4j), then run `strata migrate`.',
  ].join('\n');
}
