import { expect, it } from 'vitest';
import type { MemoryInput } from '../../src/domain/memory.js';
import { LENGTH_KEY, memoryTerms } from '../../src/domain/term-keys.js';
import type { SharedCommits } from '../../src/graph/shared-commits.js';
import { describeNeo4j, useTestStrata } from './neo4j.js';

/** A few days of a small group's chat; `n` varies the words so that each group has summaries of its own. */
function chat(n: number): MemoryInput[] {
  const days = ['2024-05-06', '2024-05-07', '2024-05-09', '2024-05-14'];
  return days.flatMap((day, d) => [
    {
      text: `Plan ${n} for the garden bed ${d}: tomatoes and basil.`,
      speaker: 'ana',
      ts: `${day}T09:00:00Z`,
    },
    { text: `I can bring compost ${n} and the trowel.`, speaker: 'ben', ts: `${day}T09:05:00Z` },
    { text: `Water the seedlings before noon, day ${d}.`, speaker: 'ana', ts: `${day}T18:30:00Z` },
  ]);
}

/** The cycles of many groups with their writes committed together (graph/shared-commits.ts), against Neo4j. */
describeNeo4j('shared commits of cycles against Neo4j', () => {
  const t = useTestStrata();
  const now = new Date('2024-06-01T00:00:00Z');
  /** A group's summaries with the group's own id left out, so two groups' can be compared. */
  const summaries = async (groupId: string) =>
    (await t.strata.graph.read<{ id: string }>('inspect/summary-snapshot', { groupId })).map((s) => ({
      ...s,
      id: s.id.slice(groupId.length),
    }));

  it('writes for each group what its cycle writes alone, in fewer commits and reads', async () => {
    const pairs = Array.from({ length: 6 }, (_, n) => ({
      n,
      shared: t.group(`shared-${n}`),
      alone: t.group(`alone-${n}`),
    }));
    for (const { n, shared, alone } of pairs) {
      await t.strata.services.ingest(shared, chat(n));
      await t.strata.services.ingest(alone, chat(n));
    }
    for (const { alone } of pairs) expect((await t.strata.cycle(alone, { now })).status).toBe('succeeded');

    const commits = t.strata.graph.shareCommits({ maxUnits: 16, maxWaitMs: 200 });
    const reports = await Promise.all(
      pairs.map(({ shared }) => commits.join(() => t.strata.cycle(shared, { now }))),
    );

    expect(reports.map((r) => r.status)).toEqual(pairs.map(() => 'succeeded'));
    for (const { shared, alone } of pairs) {
      const own = await summaries(shared);
      expect(own.length).toBeGreaterThan(6);
      expect(own).toEqual(await summaries(alone));
    }
    // Shared, not merely run side by side: the transactions held several groups' writes each.
    expect(commits.counts.fallbacks).toBe(0);
    expect(commits.counts.shared).toBeGreaterThan(0);
    expect(commits.counts.units).toBeGreaterThanOrEqual(3 * commits.counts.shared);
    // And the reads of statements that serve many requests went to Neo4j once for several groups.
    expect(commits.counts.reads).toBeGreaterThan(0);
    expect(commits.counts.readCalls).toBeGreaterThanOrEqual(3 * commits.counts.reads);
  });

  it('keeps the writes of the other groups when one group fails in a shared commit, and nothing of that one', async () => {
    const [a, b, c] = ['fine-a', 'broken-b', 'fine-c'].map((label) => t.group(label));
    // The scheduler's own sharing (CYCLE_SHARED_COMMITS), so that its fallbacks are counted where operators see them.
    const commits = t.strata.shareCommits() as SharedCommits<unknown>;
    const ingest = (groupId: string, fail: boolean) =>
      commits.join(async () => {
        // Ingest writes in a transaction function of its own; a failure after its statement ran stands for any
        // failure of one group's write (a constraint, a statement over the memory limit, a node deleted under it).
        const write = t.strata.graph.writeTx(async (tx) => {
          await tx.run('ingest/write-batch', {
            groupId,
            timezone: 'UTC',
            latestTs: '2024-05-06T09:00:00Z',
            dimension: t.strata.embedder.dimension,
            lengthKey: LENGTH_KEY,
            memories: [
              {
                id: `${groupId}-m1`,
                text: 'one line',
                speaker: 'ana',
                ts: '2024-05-06T09:00:00Z',
                sessionId: null,
                meta: null,
                embedding: Array.from({ length: t.strata.embedder.dimension }, (_, i) => (i === 0 ? 1 : 0)),
                ...(({ keys, length }) => ({ terms: keys, length }))(memoryTerms('one line', 'ana')),
              },
            ],
          });
          if (fail) throw new Error(`${groupId} cannot be written`);
          return groupId;
        });
        return write;
      });
    const outcomes = await Promise.allSettled([ingest(a, false), ingest(b, true), ingest(c, false)]);

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(commits.counts).toMatchObject({ shared: 0, units: 0, fallbacks: 3 });
    const fallbacks = await t.strata.metrics.registry.getSingleMetricAsString(
      'strata_cycle_shared_fallbacks_total',
    );
    expect(fallbacks).toMatch(/^strata_cycle_shared_fallbacks_total 3$/m);
    const count = async (groupId: string) => {
      const rows = await t.strata.graph.read<{ kind: string; count: number }>('inspect/group-counts', {
        groupId,
      });
      return rows.find((r) => r.kind === 'Memory')?.count ?? 0;
    };
    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(0);
    expect(await count(c)).toBe(1);
  });
});
