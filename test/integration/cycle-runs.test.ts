import { expect, it } from 'vitest';
import type { Summarizer } from '../../src/ai/summarizers/types.js';
import { CycleRunRepository } from '../../src/graph/cycle-runs.js';
import { MaintenanceRepository } from '../../src/graph/maintenance.js';
import { RollupRepository } from '../../src/graph/rollups.js';
import { type CycleDeps, runCycle } from '../../src/jobs/cycle.js';
import { createLogger } from '../../src/log.js';
import { backlogSince, describeNeo4j, useTestStrata } from './neo4j.js';

interface RunRecord {
  id: string;
  status: string;
  reason: string | null;
  errors: string[] | null;
}

/** The cycle's bookkeeping in Neo4j: how its run records end. */
describeNeo4j('cycle run records against Neo4j', () => {
  const t = useTestStrata();
  const group = t.group;
  const deps = (summarizer: Summarizer): CycleDeps => ({
    rollups: new RollupRepository(t.strata.graph),
    maintenance: new MaintenanceRepository(t.strata.graph),
    runs: new CycleRunRepository(t.strata.graph),
    summarizer,
    localSummarizer: summarizer,
    embedder: t.strata.embedder,
    config: t.strata.config,
    log: createLogger('silent'),
    instance: 'a-test-instance',
  });

  it('records a cycle whose group was deleted under it as skipped, with the reason', async () => {
    const g = group('deleted-mid-cycle');
    await t.strata.services.ingest(g, [
      { text: 'The allotment committee meets on Friday.', speaker: 'ana', ts: '2024-03-05T10:00:00Z' },
      { text: 'Bring the seed catalogue.', speaker: 'ben', ts: '2024-03-05T10:04:00Z' },
    ]);
    // The delete's first step (the group node and its lease) lands while the first period is summarised; its
    // second step (everything the group owns, run records included) comes after the cycle has recorded its run,
    // which is the window in which an operator or the browser query sees the record.
    let deleted = false;
    const deleting: Summarizer = {
      name: 'deleting',
      summarize: async (request) => {
        if (!deleted) {
          deleted = true;
          await t.strata.graph.write('maintenance/delete-group-node', { groupId: g });
        }
        return t.strata.summarizer.summarize(request);
      },
    };
    const report = await runCycle(deps(deleting), g, { now: new Date('2024-05-01T00:00:00Z') });
    expect(deleted).toBe(true);
    expect(report).toMatchObject({ status: 'skipped', reason: 'the group was deleted during the cycle' });

    const records = await t.strata.graph.read<RunRecord>('inspect/aggregation-runs', { groupId: g });
    expect(records).toEqual([
      expect.objectContaining({
        id: report.runId,
        status: 'skipped',
        reason: 'the group was deleted during the cycle',
        errors: [],
      }),
    ]);
  });

  it("keeps a group's backlog from the first memory no cycle took until a cycle leaves nothing pending", async () => {
    const g = group('backlog');
    const backlog = () => backlogSince(t.strata.graph, g);
    const march = twoWeeksOfMarch(2024);
    await t.strata.services.ingest(g, march.slice(0, 10));
    const first = await backlog();
    expect(first).toEqual(expect.any(String));
    await t.strata.services.ingest(g, march.slice(10, 20));
    expect(await backlog()).toBe(first);
    expect(await t.strata.runs.oldestBacklogSeconds()).toBeGreaterThanOrEqual(0);

    // A cycle whose summarizer fails leaves its periods pending: the backlog is still the one from the first ingest.
    const broken: Summarizer = { name: 'broken', summarize: async () => Promise.reject(new Error('down')) };
    const failed = await runCycle(deps(broken), g);
    expect(failed.pendingWork || failed.status === 'failed').toBe(true);
    expect(await backlog()).toBe(first);

    const done = await t.strata.cycle(g);
    expect(done).toMatchObject({ status: 'succeeded', pendingWork: false });
    expect(await backlog()).toBeNull();
  });

  /** Weekday messages of the two ISO weeks from Monday the 4th of March of `year`, a message every two hours. */
  const twoWeeksOfMarch = (year: number) =>
    [4, 5, 6, 7, 8, 11, 12, 13, 14, 15].flatMap((day) =>
      [9, 11, 13].map((hour, i) => ({
        text: `Message ${i} on March ${day}: the raised beds and the tomato seedlings.`,
        speaker: ['ana', 'ben', 'cai'][i] as string,
        ts: `${year}-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`,
      })),
    );

  it('calls a week that waits for its open month no pending work, and makes the group due when the month ends', async () => {
    // 2099: the month is still open by the real clock too, which the scheduler's due query reads.
    const open = group('month-open');
    await t.strata.services.ingest(open, twoWeeksOfMarch(2099));
    const midMarch = new Date('2099-03-20T00:00:00Z');
    const first = await t.strata.cycle(open, { now: midMarch });
    expect(first.status).toBe('succeeded');
    expect(first.levels.week).toEqual({ created: 2, updated: 0 });
    expect(first.levels.month).toEqual({ created: 0, updated: 0 });
    // Before, pendingWork was true here and stayed so: the scheduler cycled the group on every tick until April.
    expect(first).toMatchObject({ pendingWork: false, nextWorkAt: '2099-04-01T01:00:00.000Z' });
    const second = await t.strata.cycle(open, { now: midMarch });
    for (const counts of Object.values(second.levels)) expect(counts).toEqual({ created: 0, updated: 0 });
    expect(second).toMatchObject({ pendingWork: false, nextWorkAt: '2099-04-01T01:00:00.000Z' });
    expect(await t.strata.runs.groupsDue()).not.toContain(open);

    // The same weeks in 2024, cycled as if on 20 March 2024: the month they wait for has ended by the real clock,
    // so the group is due at once, with no new memory.
    const ended = group('month-ended');
    await t.strata.services.ingest(ended, twoWeeksOfMarch(2024));
    const past = await t.strata.cycle(ended, { now: new Date('2024-03-20T00:00:00Z') });
    expect(past).toMatchObject({ pendingWork: false, nextWorkAt: '2024-04-01T01:00:00.000Z' });
    expect(await t.strata.runs.groupsDue()).toContain(ended);
    const april = await t.strata.cycle(ended);
    expect(april.levels.month).toEqual({ created: 1, updated: 0 });
    expect(april).toMatchObject({ pendingWork: false, nextWorkAt: null });
    expect(await t.strata.runs.groupsDue()).not.toContain(ended);
  });
});
