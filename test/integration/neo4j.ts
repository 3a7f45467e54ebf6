import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Graph } from '../../src/graph/graph.js';
import { GroupRepository } from '../../src/graph/groups.js';
import { createLogger } from '../../src/log.js';
import { createStrata, type Strata } from '../../src/strata.js';

/** True when a real Neo4j is configured; without one every integration suite is skipped (global-setup says so once). */
export const hasNeo4j = Boolean(process.env.NEO4J_URI);

/** `describe` that runs only against a real Neo4j. */
export const describeNeo4j = hasNeo4j ? describe : describe.skip;

/** The suites use the local hashing embedder at this size, whatever the environment configures. */
export const TEST_DIMENSION = 384;

/** A fresh group id per test, so suites can share one database. */
export function testGroupId(label: string): string {
  return `t-${label}-${randomUUID().slice(0, 8)}`;
}

export async function deleteGroup(graph: Graph, groupId: string): Promise<void> {
  await new GroupRepository(graph).deleteGroup(groupId);
}

/** Since when the group has held memories no cycle has taken, as stored; null when it holds none. */
export async function backlogSince(graph: Graph, groupId: string): Promise<string | null | undefined> {
  const [row] = await graph.read<{ backlogSince: string | null }>('inspect/group-backlog', { groupId });
  return row?.backlogSince;
}

/** Now on Neo4j's clock, the one that stamps a memory's ingestedAt (cypher/inspect/clock.cypher). */
export async function neo4jNow(graph: Graph): Promise<Date> {
  const [row] = await graph.read<{ epochMillis: number }>('inspect/clock');
  return new Date(row?.epochMillis ?? Number.NaN);
}

/** Retries `check` until it stops throwing or `timeoutMs` passes (indexes refresh asynchronously). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** A Strata wired to the test Neo4j (local embedder and summarizer, no scheduler), with the schema applied. */
export async function openTestStrata(overrides: Record<string, string> = {}): Promise<Strata> {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    SCHEDULER_ENABLED: 'false',
    EMBEDDER: 'hashing',
    EMBEDDING_DIMENSION: String(TEST_DIMENSION),
    SUMMARIZER: 'local',
    ...overrides,
  });
  const strata = await createStrata(config, createLogger('silent'));
  await strata.migrate();
  return strata;
}

/**
 * The setup most Neo4j test files share: a Strata opened before the block's tests and closed after them, and
 * `group(label)` for a fresh group id that is deleted at the end. Read `strata` inside tests, once beforeAll ran.
 */
export function useTestStrata(overrides: Record<string, string> = {}): {
  strata: Strata;
  group(label: string): string;
} {
  const groups: string[] = [];
  const context = {
    strata: undefined as unknown as Strata,
    group(label: string) {
      const id = testGroupId(label);
      groups.push(id);
      return id;
    },
  };
  beforeAll(async () => {
    context.strata = await openTestStrata(overrides);
  });
  afterAll(async () => {
    for (const g of groups) await deleteGroup(context.strata.graph, g);
    await context.strata?.close();
  });
  return context;
}
