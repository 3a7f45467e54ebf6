import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Summarizer } from '../../src/ai/summarizers/types.js';
import { CycleRunRepository } from '../../src/graph/cycle-runs.js';
import { MaintenanceRepository } from '../../src/graph/maintenance.js';
import { RollupRepository } from '../../src/graph/rollups.js';
import { type CycleDeps, runCycle } from '../../src/jobs/cycle.js';
import { createLogger } from '../../src/log.js';
import type { Strata } from '../../src/strata.js';
import { deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

interface RunRecord {
  id: string;
  status: string;
  reason: string | null;
  errors: string[] | null;
}

/** The cycle's bookkeeping in Neo4j: how its run records end. */
describeNeo4j('cycle run records against Neo4j', () => {
  let strata: Strata;
  const groups: string[] = [];
  const group = (label: string) => {
    const id = testGroupId(label);
    groups.push(id);
    return id;
  };
  const deps = (summarizer: Summarizer): CycleDeps => ({
    rollups: new RollupRepository(strata.graph),
    maintenance: new MaintenanceRepository(strata.graph),
    runs: new CycleRunRepository(strata.graph),
    summarizer,
    localSummarizer: summarizer,
    embedder: strata.embedder,
    config: strata.config,
    log: createLogger('silent'),
  });

  beforeAll(async () => {
    strata = await openTestStrata();
  });

  afterAll(async () => {
    for (const g of groups) await deleteGroup(strata.graph, g);
    await strata?.close();
  });

  it('records a cycle whose group was deleted under it as skipped, with the reason', async () => {
    const g = group('deleted-mid-cycle');
    await strata.services.ingest(g, [
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
          await strata.graph.write('maintenance/delete-group-node', { groupId: g });
        }
        return strata.summarizer.summarize(request);
      },
    };
    const report = await runCycle(deps(deleting), g, { now: new Date('2024-05-01T00:00:00Z') });
    expect(deleted).toBe(true);
    expect(report).toMatchObject({ status: 'skipped', reason: 'the group was deleted during the cycle' });

    const records = await strata.graph.read<RunRecord>('inspect/aggregation-runs', { groupId: g });
    expect(records).toEqual([
      expect.objectContaining({
        id: report.runId,
        status: 'skipped',
        reason: 'the group was deleted during the cycle',
        errors: [],
      }),
    ]);
  });
});
