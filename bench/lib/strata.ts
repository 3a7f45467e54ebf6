import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/api/app.js';
import { loadConfig } from '../../src/config.js';
import { cypher } from '../../src/graph/cypher.js';
import { createLogger } from '../../src/log.js';
import { createStrata, type Strata } from '../../src/strata.js';
import type { StrataParts } from '../../src/wiring/ai.js';

/**
 * Local embedder and summarizer, whatever the environment says, and no pruning: the roll-up and recall figures are
 * about Strata's own work, not a remote model's latency or deletes.
 */
export const LOCAL_CONFIG = { EMBEDDER: 'hashing', SUMMARIZER: 'local', PRUNE_ENABLED: 'false' };

/**
 * Pruning as users run it, daily archiving included, but no original deleted: a benchmark's clock runs in its data's
 * years, ahead of the real time its memories were stored at, so the default retention would delete them all.
 */
export const PRUNING_CONFIG = { PRUNE_ENABLED: 'true', KEEP_ORIGINAL_DAYS: '36500' };

/**
 * The --embedder option of the benchmarks: a local embedder, whatever the environment says (the figures are about
 * Strata, not a remote model). A database records the embedder of its vectors, and a Strata with another one
 * starts only on a database with no memory, summary or era (graph/schema.ts): run these on an empty one, or move
 * it first with `strata reembed`.
 */
export function localEmbedder(value: unknown): { EMBEDDER: 'hashing' | 'glove' } {
  if (value === 'hashing' || value === 'glove') return { EMBEDDER: value };
  throw new Error(`--embedder: hashing or glove, not ${String(value)}`);
}

/**
 * A Strata wired exactly as the server wires it (createStrata), on the Neo4j of NEO4J_URI, with the schema applied.
 * The scheduler stays off (benchmarks run cycles themselves); logs go quiet unless LOG_LEVEL says otherwise,
 * so figures are not lost among JSON lines.
 */
export async function openBenchStrata(
  overrides: Record<string, string> = {},
  parts: StrataParts = {},
): Promise<Strata> {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    SCHEDULER_ENABLED: 'false',
    ...overrides,
  });
  const strata = await createStrata(config, createLogger(config.logLevel), parts);
  await strata.graph.verifyConnectivity();
  await strata.migrate();
  return strata;
}

/** A fresh group id per run and label; the bench- prefix marks what a benchmark left behind. */
export function benchGroupId(label: string, index?: number): string {
  const run = randomUUID().slice(0, 8);
  return `bench-${label}-${run}${index === undefined ? '' : `-g${index + 1}`}`;
}

/** Node counts of a group, summaries per level ("Summary:day") and other labels ("Memory", "Era"). */
export async function groupCounts(strata: Strata, groupId: string): Promise<Map<string, number>> {
  const rows = await strata.graph.read<{ kind: string; count: number }>('inspect/group-counts', { groupId });
  return new Map(rows.map((r) => [r.kind, r.count]));
}

/** Summaries per level ("Summary:day") and eras, summed over the groups. */
export async function totalCounts(strata: Strata, groupIds: string[]): Promise<Map<string, number>> {
  const rows = await strata.graph.read<{ kind: string; count: number }>('bench/level-counts', { groupIds });
  return new Map(rows.map((r) => [r.kind, r.count]));
}

/** Full-text indexes refresh asynchronously; searching before they catch up would under-count hits. */
export async function awaitSearchIndexes(strata: Strata): Promise<void> {
  await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
}

/** Deletes the benchmark's groups unless --keep was given; says which it kept so they can be reused. */
export async function cleanUp(strata: Strata, groupIds: string[], keep: boolean): Promise<void> {
  if (keep) {
    console.log(`kept groups (--keep): ${groupIds.join(', ')}`);
    return;
  }
  for (const groupId of groupIds) await strata.services.deleteGroup(groupId);
  console.log(`deleted ${groupIds.length} bench group(s)`);
}

/** The server's express app for this Strata, listening on a free loopback port, as benches reach it over HTTP. */
export async function serveOnLoopback(strata: Strata): Promise<{ url: string; close(): Promise<void> }> {
  const app = createApp({
    services: strata.services,
    log: strata.log,
    bodyLimitBytes: strata.config.http.bodyLimitBytes,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
