import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RecallResponse, recallRequestSchema } from '../../src/domain/recall.js';
import type { Strata } from '../../src/strata.js';
import { openTestStrata } from '../integration/neo4j.js';
import { runCli } from './support/app.js';
import { conversation, faultGroupId } from './support/data.js';
import { describeBackup } from './support/describe.js';
import { dumpDatabase, loadDatabase, startNeo4j, stopNeo4j } from './support/env.js';
import { nodeCounts, periods, verifyProblems } from './support/inspect.js';

/**
 * Scenario 5: a backup of the whole database with Neo4j's own tools, as README tells operators to take one.
 * Neo4j is stopped and dumped; the database is then changed (a group deleted, one added, memories added to a third);
 * the dump is loaded over it. What comes back is the database as it was at the dump: the same groups, the same
 * nodes, every group verifying clean through the CLI, and recall answering the same.
 */

interface Snapshot {
  groups: string[];
  database: { nodes: number; relationships: number };
  counts: Record<string, Record<string, number>>;
  periods: Record<string, string[]>;
  recall: Record<string, { id: string; score: number }[]>;
}

const QUERIES = ['refund queue card declines', 'tomato seedlings compost', 'sound check setlist'];

describeBackup('neo4j-admin dump of the database, loaded back over a changed one', () => {
  const kept = faultGroupId('backup');
  const deleted = faultGroupId('backup-deleted');
  const addedLater = faultGroupId('backup-later');
  const ours = [kept, deleted];
  let strata: Strata;
  let dumpDir = '';
  let dumpBytes = 0;
  let before: Snapshot;
  let changed: Snapshot;
  let after: Snapshot;
  const timings = { dumpMs: 0, loadMs: 0 };

  async function snapshot(): Promise<Snapshot> {
    const groups = (await strata.graph.read<{ groupId: string }>('inspect/group-ids')).map((r) => r.groupId);
    const [database] = await strata.graph.read<Snapshot['database']>('inspect/database-counts');
    const counts: Snapshot['counts'] = {};
    const periodNames: Snapshot['periods'] = {};
    const recall: Snapshot['recall'] = {};
    for (const groupId of ours) {
      counts[groupId] = await nodeCounts(strata, groupId);
      periodNames[groupId] = (await periods(strata, groupId)).map((p) => `${p.id} ${p.messageCount}`);
      for (const query of QUERIES) {
        const response: RecallResponse = await strata.services.recall(
          groupId,
          recallRequestSchema.parse({ query, k: 10 }),
        );
        recall[`${groupId} ${query}`] = response.items.map((item) => ({ id: item.id, score: item.score }));
      }
    }
    return { groups, database: database as Snapshot['database'], counts, periods: periodNames, recall };
  }

  /** Neo4j down, one admin command, Neo4j up again; the in-process Strata is closed around it and reopened. */
  async function offline(work: () => Promise<void>): Promise<void> {
    await strata.close();
    await stopNeo4j();
    try {
      await work();
    } finally {
      await startNeo4j();
      strata = await openTestStrata();
    }
  }

  beforeAll(async () => {
    strata = await openTestStrata();
    dumpDir = await mkdtemp(join(tmpdir(), 'strata-dump-'));
    for (const [groupId, seed] of [
      [kept, 3],
      [deleted, 5],
    ] as const) {
      const memories = conversation({ prefix: groupId, days: 50, perDay: 12, seed });
      await strata.services.ingest(groupId, memories);
      const report = await strata.cycle(groupId);
      if (report.status !== 'succeeded') throw new Error(`cycle of ${groupId}: ${JSON.stringify(report)}`);
    }
    before = await snapshot();

    await offline(async () => {
      timings.dumpMs = await dumpDatabase(dumpDir);
    });
    for (const file of await readdir(dumpDir)) dumpBytes += (await stat(join(dumpDir, file))).size;

    // Work done after the backup, which the restore must undo.
    await strata.services.deleteGroup(deleted);
    await strata.services.ingest(addedLater, conversation({ prefix: addedLater, days: 5, perDay: 6 }));
    await strata.services.ingest(
      kept,
      conversation({ prefix: `${kept}-late`, days: 3, perDay: 6, endDaysAgo: 1 }),
    );
    changed = await snapshot();

    await offline(async () => {
      timings.loadMs = await loadDatabase(dumpDir);
    });
    after = await snapshot();
  });

  afterAll(async () => {
    console.log(
      `backup: dump ${timings.dumpMs} ms (${Math.round(dumpBytes / 1024)} KiB), load ${timings.loadMs} ms; ` +
        `${before.database.nodes} nodes, ${before.database.relationships} relationships; ` +
        `the deleted group held ${JSON.stringify(before.counts[deleted])}`,
    );
    for (const groupId of [...ours, addedLater]) await strata?.services.deleteGroup(groupId).catch(() => {});
    await strata?.close();
    if (dumpDir) await rm(dumpDir, { recursive: true, force: true });
  });

  it('changed the database between the dump and the load, so the restore has something to undo', () => {
    expect(dumpBytes).toBeGreaterThan(0);
    expect(changed.groups).not.toContain(deleted);
    expect(changed.groups).toContain(addedLater);
    expect(changed.counts[kept]?.Memory).toBeGreaterThan(before.counts[kept]?.Memory ?? 0);
  });

  it('gives back the database as it was at the dump: the same groups and the same nodes and relationships', () => {
    expect(after.groups).toEqual(before.groups);
    expect(after.database).toEqual(before.database);
    expect(after.counts).toEqual(before.counts);
    expect(after.periods).toEqual(before.periods);
    // The deleted group is back whole: its memories and every level of summary above them.
    expect(Object.keys(after.counts[deleted] ?? {})).toEqual(
      expect.arrayContaining(['Summary:session', 'Summary:day', 'Summary:week', 'Summary:month']),
    );
  });

  it('verifies clean for every group, through the strata CLI', async () => {
    const problems: string[] = [];
    for (const groupId of after.groups) {
      const report = await strata.services.verify(groupId);
      problems.push(...verifyProblems(report).map((p) => `${groupId}: ${p}`));
    }
    expect(problems).toEqual([]);
    for (const groupId of ours) {
      const cli = await runCli(['verify', '--group', groupId]);
      expect(cli.code, cli.stdout + cli.stderr).toBe(0);
    }
  });

  it('answers recall the same: the same hits in the same order', () => {
    expect(Object.keys(after.recall)).toEqual(Object.keys(before.recall));
    for (const [key, hits] of Object.entries(before.recall)) {
      expect(hits.length, key).toBeGreaterThan(0);
      const restored = after.recall[key] ?? [];
      expect(
        restored.map((h) => h.id),
        key,
      ).toEqual(hits.map((h) => h.id));
      // Scores decay with age, so a few minutes later they are a hair lower; the ranking is what must not move.
      for (const [i, hit] of hits.entries()) expect(restored[i]?.score, key).toBeCloseTo(hit.score, 3);
    }
  });
});
