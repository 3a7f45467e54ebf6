import type { Driver } from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { statementTimes } from '../../bench/lib/statement-times.js';
import { Graph } from '../../src/graph/graph.js';

/** A driver whose sessions answer every statement with no rows, reads and writes alike. */
function emptyDriver(): Driver {
  const result = async () => ({ records: [] });
  const tx = { run: result };
  const session = {
    run: result,
    executeWrite: (work: (t: typeof tx) => Promise<unknown>) => work(tx),
    close: async () => undefined,
  };
  return { session: () => session } as unknown as Driver;
}

describe('statementTimes (bench)', () => {
  it('counts each statement by name while started, a write transaction by the statements in it', async () => {
    const graph = new Graph(emptyDriver(), 'neo4j');
    const timer = statementTimes(graph);
    await graph.read('rollup/group-settings', { groupId: 'g' });
    timer.start();
    await graph.read('rollup/group-settings', { groupId: 'g' });
    await graph.read('rollup/group-settings', { groupId: 'g' });
    await graph.write('jobs/release-lease', { leaseId: 'g', owner: 'o' });
    await graph.writeTx(async (tx) => {
      await tx.run('jobs/hold-group', { groupId: 'g' });
      await tx.run('jobs/release-lease', { leaseId: 'g', owner: 'o' });
    });
    await graph.writeTx((tx) =>
      tx.runAll([
        { name: 'jobs/hold-group', params: { groupId: 'g' } },
        { name: 'eras/link-next-era', params: { groupId: 'g' } },
      ]),
    );
    const times = timer.stop();
    await graph.read('rollup/group-settings', { groupId: 'g' });
    expect(
      times.map(({ name, calls }) => ({ name, calls })).sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'read rollup/group-settings', calls: 2 },
      { name: 'write jobs/hold-group + eras/link-next-era', calls: 1 },
      { name: 'write jobs/hold-group + jobs/release-lease', calls: 1 },
      { name: 'write jobs/release-lease', calls: 1 },
    ]);
    for (const t of times) expect(t.ms).toBeGreaterThanOrEqual(0);
  });
});
