import { describe, expect, it } from 'vitest';
import { MIGRATIONS, runMigrations, SCHEMA_VERSION } from '../../src/graph/migrations.js';

/**
 * A graph that answers the version read with `version`, every other read with no row (no group has a term count
 * under way, so no transaction of one is opened), and records every statement by name.
 */
function fakeGraph(version: number) {
  const calls: { name: string; params?: Record<string, unknown> }[] = [];
  return {
    calls,
    read: async (name: string) => {
      calls.push({ name });
      return (name === 'schema/schema-version' ? [{ version, applied: [] }] : []) as never[];
    },
    writeTx: async (): Promise<never> => {
      throw new Error('no write transaction was expected');
    },
    write: async (name: string, params?: Record<string, unknown>) => {
      calls.push({ name, ...(params ? { params } : {}) });
      return [] as never[];
    },
    autoCommit: async (statement: string) => {
      calls.push({ name: statement.split('\n')[0] as string });
      return [] as never[];
    },
  };
}

const now = () => new Date('2026-11-27T00:00:00Z');

describe('runMigrations', () => {
  it('numbers the migrations 1, 2, ... in order', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(SCHEMA_VERSION).toBe(MIGRATIONS.length);
  });

  it('applies every migration to a database that records no version, recording each as it completes', async () => {
    const graph = fakeGraph(0);
    const report = await runMigrations(graph, now);
    expect(report).toEqual({
      from: 0,
      to: SCHEMA_VERSION,
      applied: MIGRATIONS.map((m) => `${m.version} ${m.name}`),
    });
    const records = graph.calls.filter((c) => c.name === 'schema/record-migration');
    expect(records.map((r) => r.params?.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(records[0]?.params?.entry).toBe(`1 ${MIGRATIONS[0]?.name} (2026-11-27T00:00:00.000Z)`);
    // Each is recorded after its own statements, before the next one's.
    expect(graph.calls.findIndex((c) => c.name === 'schema/backfill-group-clock')).toBeGreaterThan(
      graph.calls.indexOf(records[0] as (typeof graph.calls)[number]),
    );
  });

  it('applies only what a database lacks, and nothing to one that is current', async () => {
    const partial = fakeGraph(1);
    expect((await runMigrations(partial, now)).applied).toEqual(
      MIGRATIONS.slice(1).map((m) => `${m.version} ${m.name}`),
    );
    const current = fakeGraph(SCHEMA_VERSION);
    expect(await runMigrations(current, now)).toEqual({
      from: SCHEMA_VERSION,
      to: SCHEMA_VERSION,
      applied: [],
    });
    expect(current.calls.map((c) => c.name)).toEqual(['schema/schema-version']);
  });

  it('refuses a database a newer Strata migrated', async () => {
    await expect(runMigrations(fakeGraph(SCHEMA_VERSION + 1), now)).rejects.toThrow(
      /newer than this Strata's .*restore a backup/,
    );
  });
});
