import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { decayedBefore } from '../../src/domain/decay.js';
import { recallRequestSchema } from '../../src/domain/recall.js';
import { LENGTH_KEY, textTerms } from '../../src/domain/term-keys.js';
import { cypher, cypherStatements } from '../../src/graph/cypher.js';
import { MaintenanceRepository } from '../../src/graph/maintenance.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../src/graph/migrations.js';
import type { Strata } from '../../src/strata.js';
import { backlogSince, deleteGroup, describeNeo4j, openTestStrata, testGroupId } from './neo4j.js';

const RETIRED = ['text_fulltext', 'memory_group_session_pending', 'memory_group_day_pending'];

describeNeo4j('migrations against Neo4j', () => {
  let strata: Strata;
  const group = testGroupId('migrate');
  /** Written by the earlier version and never cycled: its backlog is what the migration must find. */
  const waiting = testGroupId('migrate-waiting');
  const memories = Array.from({ length: 12 }, (_, i) => ({
    id: `m${i}`,
    text:
      i % 2
        ? `The regatta crew meets at the harbour, day ${i}`
        : `Kiln firing notes for the glaze test, day ${i}`,
    speaker: i % 3 ? 'ana' : 'ben',
    ts: new Date(Date.parse('2024-03-04T09:00:00Z') + i * 86_400_000).toISOString(),
  }));
  const recallIds = async () =>
    (
      await strata.services.recall(
        group,
        recallRequestSchema.parse({ query: 'regatta harbour', k: 5, minScore: 0 }),
      )
    ).items.map((i) => i.id);

  const backlog = (groupId: string) => backlogSince(strata.graph, groupId);
  const turnLinks = () =>
    strata.graph.read<{ from: string; to: string }>('inspect/turn-links', { groupId: group });
  /**
   * What the daily archive would take from the group on its clock (its latest memory), per level, were its threshold
   * 0.5: its first days have decayed that far.
   */
  const archivable = () => {
    const clock = new Date(memories.at(-1)?.ts as string);
    const endsBefore = decayedBefore(clock, loadConfig({}).decay.day, 0.5) as string;
    return new MaintenanceRepository(strata.graph).countArchivable(group, 0.5, [
      { level: 'session', endsBefore },
      { level: 'day', endsBefore },
    ]);
  };

  beforeAll(async () => {
    strata = await openTestStrata({ PRUNE_ENABLED: 'false' });
    await strata.services.ingest(group, memories);
    await strata.cycle(group, { now: new Date('2024-04-01T00:00:00Z') });
    await strata.services.ingest(waiting, memories.slice(0, 2));
    await strata.graph.autoCommit(cypher('inspect/await-fulltext-refresh'));
  }, 120_000);

  afterAll(async () => {
    await deleteGroup(strata.graph, group);
    await deleteGroup(strata.graph, waiting);
    await strata?.close();
  });

  it('brings a database an earlier version made up to date, applying only what it lacks, and keeps its data whole', async () => {
    const before = await strata.services.getGroup(group);
    const answers = await recallIds();
    expect(answers.length).toBeGreaterThan(0);
    const decayed = await archivable();
    expect(decayed.day).toBeGreaterThan(0);
    // Its turns, a day apart, each linked to the next.
    const linked = await turnLinks();
    expect(linked).toHaveLength(memories.length - 1);

    for (const statement of cypherStatements('test/older-schema')) await strata.graph.autoCommit(statement);
    await strata.graph.write('test/older-data', { groupIds: [group, waiting] });
    expect((await strata.services.getGroup(group))?.latestMemoryAt).toBeNull();
    expect(await backlog(waiting)).toBeNull();
    // Summaries without the flag are out of the archive's sight until the migration marks them.
    expect(await archivable()).toEqual({});
    expect(await turnLinks()).toEqual([]);

    const report = await strata.migrate();
    expect(report.from).toBe(0);
    expect(report.to).toBe(SCHEMA_VERSION);
    expect(report.applied).toEqual(MIGRATIONS.map((m) => `${m.version} ${m.name}`));
    const retired = await strata.graph.autoCommit<{ name: string }>(cypher('schema/show-indexes'), {
      names: RETIRED,
    });
    expect(retired).toEqual([]);

    const after = await strata.services.getGroup(group);
    expect(after?.latestMemoryAt).toBe(memories.at(-1)?.ts);
    expect({ memories: after?.memories, summaries: after?.summaries }).toEqual({
      memories: before?.memories,
      summaries: before?.summaries,
    });
    const verified = await strata.services.verify(group);
    expect(verified.ok).toBe(true);
    // Its term statistics, which the older data lacked, were counted to the end: the check ran and found them exact.
    const terms = verified.checks.find((c) => c.check === 'term-counts');
    expect(terms).toMatchObject({ ok: true, findings: [] });
    expect(terms?.skipped).toBeUndefined();
    expect(await recallIds()).toEqual(answers);
    // The group its cycle had caught up with has no backlog; the one never cycled has waited since it was made.
    expect(await backlog(group)).toBeNull();
    expect(await backlog(waiting)).toEqual(expect.any(String));
    expect(await archivable()).toEqual(decayed);
    expect(await turnLinks()).toEqual(linked);

    // Current now: nothing more to apply.
    expect((await strata.migrate()).applied).toEqual([]);
  }, 120_000);

  it("counts a version 8 database's terms again, with the texts' summed length its counts lack", async () => {
    const length = async () =>
      (
        await strata.graph.read<{ term: string; memories: number }>('verify/terms-page', {
          groupId: group,
          afterTerm: '',
          limit: 1_000_000,
        })
      ).find((t) => t.term === LENGTH_KEY)?.memories;
    const summed = memories.reduce((sum, m) => sum + textTerms(m.text).length, 0);
    expect(await length()).toBe(summed);
    await strata.graph.write('test/version-8-data', { groupId: group, lengthKey: LENGTH_KEY });
    expect(await length()).toBeUndefined();

    const report = await strata.migrate();
    expect(report).toMatchObject({ from: 8, to: SCHEMA_VERSION });
    expect(report.applied).toEqual(
      MIGRATIONS.filter((m) => m.version > 8).map((m) => `${m.version} ${m.name}`),
    );
    expect(await length()).toBe(summed);
    const terms = (await strata.services.verify(group)).checks.find((c) => c.check === 'term-counts');
    expect(terms).toMatchObject({ ok: true, findings: [] });
  }, 120_000);
});
