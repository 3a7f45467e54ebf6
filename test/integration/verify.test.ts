import { expect, it } from 'vitest';
import type { ChainShape } from '../../src/domain/verify.js';
import { describeNeo4j, useTestStrata } from './neo4j.js';

/** `strata verify` on shapes the demo data does not produce. */
describeNeo4j('verify against Neo4j', () => {
  const t = useTestStrata();
  const group = t.group;

  it('finds nothing wrong with two sessions that start at the same instant', async () => {
    const g = group('same-start');
    // Two explicit sessions (two threads of one chat) whose first messages carry the same timestamp.
    const at = (minute: number) => `2024-03-05T10:${String(minute).padStart(2, '0')}:00.000Z`;
    await t.strata.services.ingest(g, [
      { text: 'Thread alpha opens on the seed order.', speaker: 'ana', ts: at(0), sessionId: 'alpha' },
      { text: 'Alpha: the tomato seeds are in.', speaker: 'ben', ts: at(5), sessionId: 'alpha' },
      { text: 'Thread beta opens on the fence repair.', speaker: 'cai', ts: at(0), sessionId: 'beta' },
      { text: 'Beta: the posts need replacing.', speaker: 'dee', ts: at(7), sessionId: 'beta' },
    ]);
    const report = await t.strata.cycle(g, { now: new Date('2024-05-01T00:00:00Z') });
    expect(report.status).toBe('succeeded');
    expect(report.levels.session.created).toBe(2);

    const [sessions] = await t.strata.graph.read<Omit<ChainShape, 'level'>>('verify/next-period-chain', {
      groupId: g,
      level: 'session',
    });
    // The roll-up chains equal starts by id (alpha before beta); before, verify called that link backwards.
    expect(sessions).toEqual({ nodes: 2, links: 1, branching: 0, merging: 0, heads: 1, backwards: 0 });
    const verified = await t.strata.services.verify(g);
    expect(verified.checks.filter((c) => !c.ok)).toEqual([]);
    expect(verified.ok).toBe(true);
  });
});
