import { expect, it } from 'vitest';
import type { MemoryInput } from '../../src/domain/memory.js';
import { MaintenanceRepository } from '../../src/graph/maintenance.js';
import { TURN_LINK_HORIZON_MINUTES } from '../../src/graph/turns.js';
import { at, NOW } from '../support/lisbon-trip.js';
import { expectedTurnLinks } from '../support/turn-links.js';
import { describeNeo4j, useTestStrata } from './neo4j.js';

/** A turn of March 2024 (day, minute of 10:mm), in a session or none. */
const turn = (id: string, day: number, minute: number, sessionId?: string): MemoryInput => ({
  id,
  text: `Turn ${id} about the harbour`,
  speaker: 'Ana Costa',
  ts: at(day, minute),
  ...(sessionId ? { sessionId } : {}),
});

describeNeo4j('turn links against Neo4j', () => {
  const t = useTestStrata({ PRUNE_ENABLED: 'false' });
  const links = async (groupId: string) =>
    (await t.strata.graph.read<{ from: string; to: string }>('inspect/turn-links', { groupId })).map(
      (l) => [l.from, l.to] as [string, string],
    );
  const turnCheck = async (groupId: string) =>
    (await t.strata.services.verify(groupId)).checks.find((c) => c.check === 'turn-links');
  const stored = (memories: MemoryInput[]) =>
    expectedTurnLinks(
      memories.map((m) => ({ id: m.id as string, ts: m.ts as string, sessionId: m.sessionId ?? null })),
      TURN_LINK_HORIZON_MINUTES,
    );

  it('links each conversation in order: interleaved sessions apart, turns with no session together', async () => {
    const g = t.group('turns-order');
    const memories = [
      turn('a1', 4, 0, 'a'),
      turn('b1', 4, 1, 'b'),
      turn('a2', 4, 2, 'a'),
      turn('x1', 4, 3),
      turn('b2', 4, 4, 'b'),
      turn('x2', 4, 5),
      turn('a3', 4, 6, 'a'),
    ];
    await t.strata.services.ingest(g, memories);
    expect(await links(g)).toEqual([
      ['a1', 'a2'],
      ['a2', 'a3'],
      ['b1', 'b2'],
      ['x1', 'x2'],
    ]);
  });

  it('puts a turn that arrives late between the two it falls between, in any batch, and links no turn twice', async () => {
    const g = t.group('turns-late');
    const first = [turn('m0', 4, 0), turn('m2', 4, 2), turn('m4', 4, 4), turn('m6', 4, 6)];
    await t.strata.services.ingest(g, first);
    expect(await links(g)).toEqual(stored(first));
    // Two late turns side by side between m2 and m4, one before them all, one inside a gap, one after all.
    const late = [
      turn('m3a', 4, 3),
      turn('m3b', 4, 3),
      turn('early', 3, 59),
      turn('m5', 4, 5),
      turn('m9', 4, 9),
    ];
    await t.strata.services.ingest(g, late);
    const all = [...first, ...late];
    expect(await links(g)).toEqual(stored(all));
    expect(await links(g)).toContainEqual(['m3a', 'm3b']);
    expect(await links(g)).not.toContainEqual(['m2', 'm4']);
    // A repeated batch creates nothing, and changes no link.
    await t.strata.services.ingest(g, late);
    expect(await links(g)).toEqual(stored(all));
    expect(await turnCheck(g)).toMatchObject({ ok: true, findings: [] });
  });

  it('links no turns further apart than a day, nor turns of the same time out of id order', async () => {
    const g = t.group('turns-gap');
    const memories = [turn('p', 4, 0), turn('q', 5, 1), turn('r2', 5, 2), turn('r1', 5, 2)];
    await t.strata.services.ingest(g, memories);
    expect(await links(g)).toEqual([
      ['q', 'r1'],
      ['r1', 'r2'],
    ]);
  });

  it('links the turns left beside those pruning deletes, across them', async () => {
    const g = t.group('turns-prune');
    // Every other turn first, the rest later: pruning with a cutoff between the two writes deletes only the first.
    const older = [turn('t0', 4, 0), turn('t2', 4, 2), turn('t4', 4, 4)];
    const newer = [turn('t1', 4, 1), turn('t3', 4, 3), turn('t5', 4, 5)];
    await t.strata.services.ingest(g, older);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const cutoff = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.strata.services.ingest(g, newer);
    expect((await t.strata.cycle(g, { now: NOW })).status).toBe('succeeded');
    const maintenance = new MaintenanceRepository(t.strata.graph);
    expect(await maintenance.countPrunableMemories(g, cutoff)).toBe(3);
    await maintenance.pruneMemories(g, cutoff, 2);
    expect(await links(g)).toEqual([
      ['t1', 't3'],
      ['t3', 't5'],
    ]);
    expect(await turnCheck(g)).toMatchObject({ ok: true, findings: [] });
  });

  it('verify names a link taken away and one that skips a turn', async () => {
    const g = t.group('turns-verify');
    await t.strata.services.ingest(g, [
      turn('v1', 4, 1),
      turn('v2', 4, 2),
      turn('v3', 4, 3),
      turn('v4', 4, 4),
    ]);
    expect(await turnCheck(g)).toMatchObject({ ok: true });
    await t.strata.graph.write('test/move-turn-link', { groupId: g, from: 'v1', to: 'v3' });
    await t.strata.graph.write('test/move-turn-link', { groupId: g, from: 'v3', to: null });
    expect(await turnCheck(g)).toMatchObject({
      ok: false,
      findings: [{ where: 'memory', count: 2, examples: ['v1 -> v3 (v2)', 'v3 -> none (v4)'] }],
    });
  });
});
