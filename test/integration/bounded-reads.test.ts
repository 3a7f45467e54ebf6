import { relative } from 'node:path';
import type { Plan, ProfiledPlan } from 'neo4j-driver';
import { beforeAll, expect, it } from 'vitest';
import { decayedBefore } from '../../src/domain/decay.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import { cypher, cypherDir, cypherStatements } from '../../src/graph/cypher.js';
import { type BatchedStatement, batchedStatement, batchParams } from '../../src/graph/request-batches.js';
import { cypherFiles } from '../cypher/lint.js';
import { describeNeo4j, useTestStrata } from './neo4j.js';

/** Six weeks of a small chat: three conversations a day, so a level holds far more summaries than a read asks for. */
function memories(): MemoryInput[] {
  const out: MemoryInput[] = [];
  const first = Date.parse('2024-02-05T00:00:00Z');
  for (let day = 0; day < 42; day++) {
    for (const hour of [9, 13, 19]) {
      for (let i = 0; i < 3; i++) {
        const ts = new Date(first + day * 86_400_000 + (hour * 60 + i * 4) * 60_000).toISOString();
        out.push({ text: `Day ${day + 1} at ${hour}: note ${i + 1} on the shed`, speaker: `p${i}`, ts });
      }
    }
  }
  return out;
}

/** The rows that index seeks and scans handed over in a profile: what the statement read to answer. */
/** Rows that came out of relationship expansions, anywhere in the plan: how many links a statement walked. */
function expandRows(plan: ProfiledPlan): number {
  const own = /Expand/.test(plan.operatorType) ? plan.rows : 0;
  return own + plan.children.reduce((sum, child) => sum + expandRows(child), 0);
}

function seekRows(plan: ProfiledPlan): number {
  const own = /Index(Seek|Scan)/.test(plan.operatorType) ? plan.rows : 0;
  return own + plan.children.reduce((sum, child) => sum + seekRows(child), 0);
}

/** The labels every group has many of: a statement that scans one reads every group's. */
const GROUP_DATA = /^(Memory|Summary|Era|Topic|Term)$/;

/** Each scan of a group-data label in a plan, as `Operator label`. */
function labelScans(plan: Plan): string[] {
  const operator = plan.operatorType.split('@')[0] ?? '';
  const label = /:(\w+)/.exec(String(plan.arguments.Details ?? ''))?.[1] ?? '';
  const own =
    operator === 'AllNodesScan' || (operator === 'NodeByLabelScan' && GROUP_DATA.test(label))
      ? [`${operator} ${label}`.trim()]
      : [];
  return [...own, ...plan.children.flatMap(labelScans)];
}

/**
 * The statements that read the whole database on purpose, each once per run of what calls it, never per group or
 * per request: re-embedding counts and clears a slot across all groups, two inspect tools list every group, one
 * finds entities whose group is gone, three migrations mark every summary (or session) once per database, and one
 * links every memory to the turn after it once per database.
 */
const WHOLE_DATABASE = new Set([
  'inspect/group-counts',
  'schema/backfill-summary-unarchived',
  'inspect/groups-footprint',
  'inspect/orphan-entities',
  'schema/backfill-session-entities',
  'schema/relink-session-entities',
  'schema/backfill-turn-links',
  'reembed/clear-slot-a',
  'reembed/clear-slot-b',
  'reembed/pending-counts',
]);

/**
 * Statements that answer with a group's newest few summaries must read about that many, not the group's history:
 * each reads its index in the index's own order and stops (see each file's comment). A plan that sorts instead
 * reads every summary of the level, and these counts catch it.
 */
describeNeo4j('reads bounded by what they return, against Neo4j', () => {
  const t = useTestStrata({ PRUNE_ENABLED: 'false' });
  let group: string;
  const profile = async (name: string, params: Record<string, unknown>) => {
    const session = t.strata.graph.driver.session();
    try {
      const batched = batchedStatement(name);
      const sent = batched ? batchParams(batched, [params]) : params;
      const result = await session.run(`PROFILE ${cypher(name)}`, sent);
      const plan = result.summary.profile as ProfiledPlan;
      return { rows: result.records.length, read: seekRows(plan), walked: expandRows(plan) };
    } finally {
      await session.close();
    }
  };

  beforeAll(async () => {
    group = t.group('bounded');
    await t.strata.services.ingest(group, memories());
    const report = await t.strata.cycle(group, { now: new Date('2024-04-01T00:00:00Z') });
    expect(report.status).toBe('succeeded');
    expect(report.levels.session.created).toBeGreaterThan(100);
  });

  it("relinks a level's chain from a start by the summaries from there on, not the level's history", async () => {
    const [latest] = await t.strata.services.listSummaries(group, { level: 'session', limit: 1 });
    const from = latest?.startsAt as string;
    const { read } = await profile('rollup/link-next-period', { groupId: group, level: 'session', from });
    // The summary before `from`, and those from it on: the latest session and the one before it.
    expect(read).toBeLessThanOrEqual(3);
    expect((await t.strata.services.verify(group)).ok).toBe(true);
  });

  it('reads a page of the pending memories, oldest first, not the whole backlog', async () => {
    const backlog = t.group('backlog');
    await t.strata.services.ingest(backlog, memories());
    for (const name of ['rollup/pending-session-memories', 'rollup/pending-day-times']) {
      const { rows, read } = await profile(name, { groupId: backlog, limit: 10 });
      expect([name, rows]).toEqual([name, 10]);
      expect([name, read]).toEqual([name, 10]);
    }
    const [oldest] = await t.strata.graph.read<{ tsMillis: number }>('rollup/pending-day-times', {
      groupId: backlog,
      limit: 1,
    });
    expect(new Date(oldest?.tsMillis ?? 0).toISOString()).toBe(memories()[0]?.ts);
  });

  it("reads a level's newest summaries for the roll-up's background, and no more", async () => {
    const { read } = await profile('rollup/recent-summaries', { groupId: group, level: 'session', limit: 3 });
    expect(read).toBeLessThanOrEqual(3);
  });

  it("reads the context's sources, the months, weeks, days and turns asked for, and no more", async () => {
    const { read } = await profile('recall/context-layers', {
      groupId: group,
      months: 1,
      weeks: 2,
      days: 3,
      turns: 10,
      asOf: null,
    });
    // The summaries of the three levels, the turns, the group's few eras (the current one is found among them)
    // and its settings node.
    const eras = (await t.strata.services.eras(group)).length;
    expect(read).toBeLessThanOrEqual(1 + 2 + 3 + 10 + eras + 1);
  });

  it('finds the latest session naming an entity by a walk from its lastSeen, not a read of its every link', async () => {
    // Forty days, a session each, the first thirty naming Maria Silva.
    const named = t.group('named');
    await t.strata.services.ingest(
      named,
      Array.from({ length: 40 }, (_, day) => ({
        text: day < 30 ? 'I talked to Maria Silva about the garden.' : 'The garden needs water.',
        speaker: 'Ben',
        ts: new Date(Date.UTC(2024, 0, 1 + day, 10)).toISOString(),
      })),
    );
    expect((await t.strata.cycle(named, { now: new Date('2024-03-01T00:00:00Z') })).status).toBe('succeeded');
    const [top] = await t.strata.graph.autoCommit<{ id: string; sessions: number }>(
      "MATCH (e:Entity {groupId: $groupId, name: 'Maria Silva'}) RETURN e.id AS id, e.sessions AS sessions",
      { groupId: named },
    );
    expect(top?.sessions).toBe(30);
    const { rows, read, walked } = await profile('recall/entity-briefs', {
      groupId: named,
      entityIds: [top?.id],
      asOf: null,
      related: 3,
    });
    expect(rows).toBe(1);
    // The entity by its id, and the group's sessions from its lastSeen back to the first that names it: not the
    // thirty links to every session that names it.
    expect(read).toBeLessThanOrEqual(3);
    expect(walked).toBeLessThanOrEqual(3);
  });

  it('reads the originals stored before the prune cutoff, not every memory of the group', async () => {
    const stored = Date.now();
    const prunable = (cutoff: number) =>
      profile('maintenance/prunable-memories', { groupId: group, cutoff: new Date(cutoff).toISOString() });
    // A year before any of them was stored: nothing to read.
    expect((await prunable(stored - 365 * 86_400_000)).read).toBe(0);
    // A minute after all of them: each is read once, and every one counts, as a day summary covers it.
    const after = await prunable(stored + 60_000);
    expect(after.read).toBe(memories().length);
    const [row] = await t.strata.graph.read<{ count: number }>('maintenance/prunable-memories', {
      groupId: group,
      cutoff: new Date(stored + 60_000).toISOString(),
    });
    expect(row?.count).toBe(memories().length);
  });

  it("reads a batch of pruning's originals in the index's order, not every one stored before the cutoff", async () => {
    // Three ingests of 30: each stamps its memories with one ingestedAt (its transaction's time).
    const stored = t.group('prune-batches');
    const all = memories().slice(0, 90);
    for (let i = 0; i < all.length; i += 30) await t.strata.services.ingest(stored, all.slice(i, i + 30));
    expect((await t.strata.cycle(stored, { now: new Date('2024-04-01T00:00:00Z') })).status).toBe(
      'succeeded',
    );
    const batch = await profile('maintenance/prunable-page', {
      groupId: stored,
      cutoff: new Date(Date.now() + 60_000).toISOString(),
      afterAt: '-999999999-01-01T00:00:00Z',
      afterId: '',
      limit: 10,
    });
    expect(batch.rows).toBe(10);
    // The group node, then the first ingest's 30 (ties by id are sorted among themselves) and the one after them
    // that ends the tie: not the 90.
    expect(batch.read).toBeLessThanOrEqual(1 + 30 + 1);
  });

  it("reads a page of a group's memories and of its term counts by the index's order, not the group's whole", async () => {
    // A page of the term count (migration 7) from a cursor: the group node, and the memories of the page.
    const counting = t.group('counting');
    await t.strata.services.ingest(counting, memories().slice(0, 60));
    await t.strata.graph.write('test/forget-term-counts', { groupId: counting });
    const page = await profile('schema/term-count-page', { groupId: counting, limit: 10 });
    expect(page.rows).toBe(1);
    expect(page.read).toBe(1 + 10);
    // The recount of `strata verify`: its pages of memories and of stored counts.
    const words = await profile('verify/term-memories-page', { groupId: group, afterId: '', limit: 10 });
    expect([words.rows, words.read]).toEqual([10, 10]);
    const terms = await profile('verify/terms-page', { groupId: group, afterTerm: '', limit: 10 });
    expect([terms.rows, terms.read]).toEqual([10, 10]);
  });

  it('reads the decayed summaries still in recall, not every summary of the group', async () => {
    // The decay the cycle wrote, on the group's clock (its latest memory): days and sessions that ended more than
    // about 15 days before it are below 0.1, weeks more than about 96 days.
    const clock = new Date(memories().at(-1)?.ts as string);
    const { decay } = t.strata.config;
    const levels = [
      { level: 'session', endsBefore: decayedBefore(clock, decay.day, 0.1) },
      { level: 'day', endsBefore: decayedBefore(clock, decay.day, 0.1) },
      { level: 'week', endsBefore: decayedBefore(clock, decay.week, 0.1) },
    ];
    const archivable = (bounds: typeof levels) =>
      profile('maintenance/archivable-summaries', { groupId: group, minDecay: 0.1, levels: bounds });
    const counts = await t.strata.graph.read<{ level: string; count: number }>(
      'maintenance/archivable-summaries',
      { groupId: group, minDecay: 0.1, levels },
    );
    const decayed = counts.reduce((n, row) => n + row.count, 0);
    const total = (await t.strata.services.getGroup(group))?.summaries ?? 0;
    expect(decayed).toBeGreaterThan(0);
    // Each decayed summary is read once (all of them have their parent), and none of the rest.
    expect((await archivable(levels)).read).toBe(decayed);
    expect(decayed).toBeLessThan(total);
    // A clock before the data: nothing decayed, nothing read.
    const early = levels.map((l) => ({ ...l, endsBefore: '2024-01-01T00:00:00.000Z' }));
    expect((await archivable(early)).read).toBe(0);
  });

  it('reads about as many summaries as a list returns', async () => {
    const { rows, read } = await profile('summaries/list', {
      groupId: group,
      levels: ['session', 'day', 'week', 'month'],
      from: null,
      to: null,
      limit: 5,
    });
    expect(rows).toBe(5);
    // Five per level at most, and the summaries that start with a level's fifth.
    expect(read).toBeLessThanOrEqual(4 * 5 + 4);
  });

  it('reads the sessions of a page in memory that grows with the rows it returns, not with rows times the request', async () => {
    const big = t.group('sessions-memory');
    const ids = Array.from({ length: 4000 }, (_, i) => `m${i}`);
    await t.strata.services.ingest(
      big,
      ids.map((id, i) => ({
        id,
        text: `Line ${i} of a long day on the allotment`,
        speaker: `p${i % 4}`,
        ts: new Date(Date.parse('2024-03-01T00:00:00Z') + i * 60_000).toISOString(),
      })),
    );
    // The same rows in many small sessions and in a few: a row that held its whole request (every session of the
    // read) made the first cost the square of its sessions.
    const memory = async (sessions: number) => {
      const size = ids.length / sessions;
      const params = batchParams(batchedStatement('rollup/session-memories') as BatchedStatement, [
        {
          groupId: big,
          sessions: Array.from({ length: sessions }, (_, k) => ({
            key: `s${k}`,
            summaryId: `${big}:session:none-${k}`,
            newIds: ids.slice(k * size, (k + 1) * size),
          })),
        },
      ]);
      const session = t.strata.graph.driver.session();
      try {
        const result = await session.run(`PROFILE ${cypher('rollup/session-memories')}`, params);
        expect(result.records).toHaveLength(ids.length);
        return Number((result.summary.profile as ProfiledPlan).arguments?.GlobalMemory ?? 0);
      } finally {
        await session.close();
      }
    };
    const few = await memory(4);
    const many = await memory(200);
    expect(few).toBeGreaterThan(0);
    expect(many).toBeLessThan(2 * few);
  });

  it("plans no statement as a scan of every group's memories, summaries, eras, topics or terms", async () => {
    // EXPLAIN plans without running, so each statement is planned as it is, parameters unbound. A subquery inside an
    // expression (a COUNT in a CASE) is planned apart and does not show here.
    const session = t.strata.graph.driver.session();
    const scans: string[] = [];
    try {
      for (const path of cypherFiles()) {
        const name = relative(cypherDir, path).replace(/\.cypher$/, '');
        if (WHOLE_DATABASE.has(name)) continue;
        for (const statement of cypherStatements(name)) {
          const { summary } = await session.run(`EXPLAIN ${statement}`);
          if (summary.plan) scans.push(...labelScans(summary.plan).map((scan) => `${name}: ${scan}`));
        }
      }
    } finally {
      await session.close();
    }
    expect(scans).toEqual([]);
  });
});
