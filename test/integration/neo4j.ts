import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createDriver } from '../../src/graph/driver.js';
import { Graph } from '../../src/graph/graph.js';
import { GroupRepository } from '../../src/graph/groups.js';
import { applySchema, awaitIndexes } from '../../src/graph/schema.js';

/** True when a real Neo4j is configured; without one every integration suite is skipped (global-setup says so once). */
export const hasNeo4j = Boolean(process.env.NEO4J_URI);

/** `describe` that runs only against a real Neo4j. */
export const describeNeo4j = hasNeo4j ? describe : describe.skip;

export const TEST_DIMENSION = 384;

/** A Graph on the configured Neo4j with Strata's schema applied and online. */
export async function openTestGraph(): Promise<Graph> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const graph = new Graph(createDriver(config.neo4j), config.neo4j.database);
  await graph.verifyConnectivity();
  await applySchema(graph, TEST_DIMENSION);
  await awaitIndexes(graph, 120);
  return graph;
}

/** A fresh group id per test, so suites can share one database. */
export function testGroupId(label: string): string {
  return `t-${label}-${randomUUID().slice(0, 8)}`;
}

export async function deleteGroup(graph: Graph, groupId: string): Promise<void> {
  await new GroupRepository(graph).deleteGroup(groupId);
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

/** A Strata wired to the test Neo4j, with the schema applied. */
export async function openTestStrata(overrides: Record<string, string> = {}) {
  const { createStrata } = await import('../../src/strata.js');
  const { createLogger } = await import('../../src/log.js');
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    SCHEDULER_ENABLED: 'false',
    ...overrides,
  });
  const strata = await createStrata(config, createLogger('silent'));
  await strata.migrate();
  return strata;
}
