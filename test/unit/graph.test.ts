import neo4j, { type Driver, Neo4jError } from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../src/errors.js';
import { Graph } from '../../src/graph/graph.js';

/** A driver whose sessions answer from scripts: what session.run and executeRead do, in the order they are asked. */
function scriptedDriver(run: () => Promise<unknown>, executeRead: () => Promise<unknown>) {
  const calls: string[] = [];
  const session = {
    run: () => {
      calls.push('run');
      return run();
    },
    executeRead: () => {
      calls.push('executeRead');
      return executeRead();
    },
    close: async () => undefined,
  };
  return { driver: { session: () => session } as unknown as Driver, calls };
}

const rows = (...values: Record<string, unknown>[]) => ({
  records: values.map((value) => ({ toObject: () => value })),
});
const unavailable = () => new Neo4jError('connection refused', neo4j.error.SERVICE_UNAVAILABLE, '', '');

describe('Graph.read', () => {
  it('reads in one auto-commit transaction when the database serves', async () => {
    const { driver, calls } = scriptedDriver(
      async () => rows({ n: 1 }),
      async () => rows({ n: 2 }),
    );
    await expect(new Graph(driver, 'neo4j').read('inspect/database-counts')).resolves.toEqual([{ n: 1 }]);
    expect(calls).toEqual(['run']);
  });

  it('retries as a managed transaction when the first attempt meets a database that cannot serve', async () => {
    const { driver, calls } = scriptedDriver(
      async () => Promise.reject(unavailable()),
      async () => [{ n: 2 }],
    );
    await expect(new Graph(driver, 'neo4j').read('inspect/database-counts')).resolves.toEqual([{ n: 2 }]);
    expect(calls).toEqual(['run', 'executeRead']);
  });

  it('answers DatabaseUnavailableError once the managed retries fail too', async () => {
    const { driver } = scriptedDriver(
      async () => Promise.reject(unavailable()),
      async () => Promise.reject(unavailable()),
    );
    await expect(new Graph(driver, 'neo4j').read('inspect/database-counts')).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
  });

  it('does not retry a Cypher error: the same statement would fail again', async () => {
    const syntax = new Neo4jError('bad', 'Neo.ClientError.Statement.SyntaxError', '', '');
    const { driver, calls } = scriptedDriver(
      async () => Promise.reject(syntax),
      async () => [],
    );
    await expect(new Graph(driver, 'neo4j').read('inspect/database-counts')).rejects.toBe(syntax);
    expect(calls).toEqual(['run']);
  });
});
