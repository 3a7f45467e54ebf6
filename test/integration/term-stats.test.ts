import { expect, it } from 'vitest';
import type { MemoryInput } from '../../src/domain/memory.js';
import {
  countTermKeys,
  LENGTH_KEY,
  type TermCount,
  termCountRows,
  textTerms,
} from '../../src/domain/term-keys.js';
import { MaintenanceRepository } from '../../src/graph/maintenance.js';
import { countGroupTerms, countTerms, type MemoryWords } from '../../src/graph/term-stats.js';
import { at, NOW } from '../support/lisbon-trip.js';
import { describeNeo4j, useTestStrata } from './neo4j.js';

const SUBJECTS = ['tomato', 'kiln', 'regatta', 'harbour', 'glaze', 'seedling'];
const VERBS = ['planted', 'watered', 'fired', 'sailed past', 'painted', 'moved'];
const SPEAKERS = ['Ana Costa', 'Ben Okafor', 'Maria Silva'];

/**
 * `n` memories with ids `<prefix>00`, `<prefix>01`, ... (their id order is their number's), words shared among them
 * so that keys are held by several, spread over the first days of March 2024.
 */
function memories(n: number, prefix = 'm', from = 0): MemoryInput[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      id: `${prefix}${String(i).padStart(2, '0')}`,
      text: `We ${VERBS[i % VERBS.length]} the ${SUBJECTS[(i * 5) % SUBJECTS.length]} near the ${SUBJECTS[i % SUBJECTS.length]}, note ${i % 4}`,
      speaker: SPEAKERS[i % SPEAKERS.length] as string,
      ts: at(4 + Math.floor(i / 10), i % 60),
    };
  });
}

describeNeo4j('term statistics against Neo4j', () => {
  const t = useTestStrata();
  const group = (label: string) => t.group(`terms-${label}`);
  const graph = () => t.strata.graph;

  /** The group's Term nodes, sorted by key. */
  const stored = async (groupId: string): Promise<TermCount[]> =>
    sorted(await graph().read<TermCount>('verify/terms-page', { groupId, afterTerm: '', limit: 1_000_000 }));
  /** The counts recomputed from the group's memories as they are now. */
  const recount = async (groupId: string): Promise<TermCount[]> =>
    termCountRows(
      countTermKeys(
        await graph().read<MemoryWords>('verify/term-memories-page', {
          groupId,
          afterId: '',
          limit: 1_000_000,
        }),
      ),
    );
  const cursorOf = async (groupId: string) =>
    (await graph().read<{ cursor: string | null }>('verify/term-cursor', { groupId }))[0]?.cursor;
  const termCheck = async (groupId: string) =>
    (await t.strata.services.verify(groupId)).checks.find((c) => c.check === 'term-counts');

  it('counts every key of the memories a batch created, and nothing for a batch repeated', async () => {
    const g = group('ingest');
    const batch = memories(30);
    await t.strata.services.ingest(g, batch);
    const counts = await stored(g);
    expect(counts).toEqual(await recount(g));
    // Keys held by several memories, and those of the speakers: the counts are per memory, not per word.
    expect(counts.find((c) => c.term === 'tomato')?.memories).toBeGreaterThan(1);
    expect(counts.find((c) => c.term === 'okafor')?.memories).toBe(10);
    // A stop word the index drops has no count.
    expect(counts.find((c) => c.term === 'the')).toBeUndefined();
    // Under a key that is no word, the texts' summed length: "We planted the tomato near the tomato, note 0" keeps
    // seven words, not the two "the".
    expect(textTerms(batch[0]?.text as string).length).toBe(7);
    expect(counts.find((c) => c.term === LENGTH_KEY)?.memories).toBe(
      batch.reduce((sum, m) => sum + textTerms(m.text).length, 0),
    );

    expect((await t.strata.services.ingest(g, batch)).created).toEqual([]);
    expect(await stored(g)).toEqual(counts);
    // A batch that repeats some memories and adds others counts only the new ones.
    await t.strata.services.ingest(g, memories(35));
    expect(await stored(g)).toEqual(await recount(g));
    expect((await stored(g)).find((c) => c.term === 'okafor')?.memories).toBe(12);
  });

  it("keeps each group's counts apart: the same words in two groups count in each one's own", async () => {
    const a = group('apart-a');
    const b = group('apart-b');
    const words = (n: number): MemoryInput[] =>
      Array.from({ length: n }, (_, i) => ({
        id: `w${i}`,
        text: `Kiln firing number ${i}`,
        speaker: 'Ana Costa',
        ts: at(5, i),
      }));
    await t.strata.services.ingest(a, words(3));
    await t.strata.services.ingest(b, words(1));
    const kiln = async (g: string) => (await stored(g)).find((c) => c.term === 'kiln')?.memories;
    expect(await kiln(a)).toBe(3);
    expect(await kiln(b)).toBe(1);
    expect(await stored(a)).toEqual(await recount(a));
    expect(await stored(b)).toEqual(await recount(b));
    // Deleting one group leaves the other's counts as they were, and no Term node of its own.
    await t.strata.services.deleteGroup(a);
    expect(await stored(a)).toEqual([]);
    expect(await kiln(b)).toBe(1);
  });

  it('subtracts exactly what pruning deletes, batch after batch, and deletes a key no memory holds any more', async () => {
    const g = group('prune');
    await t.strata.services.ingest(g, memories(23));
    expect((await t.strata.cycle(g, { now: NOW })).status).toBe('succeeded');
    // Later memories no cycle has covered yet: pruning keeps them.
    const late: MemoryInput[] = [
      { id: 'z1', text: 'The kiln is cooling', speaker: 'Ana Costa', ts: at(20, 0) },
      { id: 'z2', text: 'Kiln fired again', speaker: 'Ana Costa', ts: at(20, 1) },
    ];
    await t.strata.services.ingest(g, late);
    const maintenance = new MaintenanceRepository(graph());
    const cutoff = new Date('2100-01-01T00:00:00Z');
    expect(await maintenance.countPrunableMemories(g, cutoff)).toBe(23);
    // Batches of 5: four full ones and a last of 3.
    await maintenance.pruneMemories(g, cutoff, 5);
    expect(await maintenance.countPrunableMemories(g, cutoff)).toBe(0);
    const left = await stored(g);
    expect(left).toEqual(await recount(g));
    expect(left).toEqual(sorted(termCountRows(countTermKeys(late))));
    expect(left.find((c) => c.term === 'regatta')).toBeUndefined();
    expect(left.find((c) => c.term === 'kiln')?.memories).toBe(2);
    expect((await t.strata.services.verify(g)).ok).toBe(true);
  });

  it('counts a group an earlier version filled, from its cursor, to the counts a recount finds', async () => {
    const g = group('backfill');
    await t.strata.services.ingest(g, memories(17));
    const counts = await stored(g);
    // As migration 7 finds a group an earlier version wrote: no Term node, its count about to start.
    await graph().write('test/forget-term-counts', { groupId: g });
    expect(await stored(g)).toEqual([]);
    expect(await cursorOf(g)).toBe('');
    expect((await termCheck(g))?.skipped).toMatch(/under way/);

    // Batches of 4 (the migration's own loop over every group with a cursor), the last one short.
    const done = await countTerms(graph(), 4);
    expect(done.memories).toBeGreaterThanOrEqual(17);
    expect(await stored(g)).toEqual(counts);
    expect(await cursorOf(g)).toBeNull();
    // Done is done: counting the group again adds nothing.
    expect(await countGroupTerms(graph(), g, 4)).toBe(0);
    expect(await stored(g)).toEqual(counts);
  });

  it('stays exact when ingest and pruning write while a count is half done (the counting rule)', async () => {
    const g = group('cursor');
    await t.strata.services.ingest(g, memories(20));
    expect((await t.strata.cycle(g, { now: NOW })).status).toBe('succeeded');
    await graph().write('test/forget-term-counts', { groupId: g });
    // One batch of 5: m00 to m04 are counted, the cursor is at m04.
    expect(await countGroupTerms(graph(), g, 5, 1)).toBe(5);
    expect(await cursorOf(g)).toBe('m04');
    expect(await stored(g)).toEqual(termCountRows(countTermKeys(memories(5))));

    // New memories on both sides of the cursor: ingest counts the one before it (m02a), the count takes the other.
    const before = { id: 'm02a', text: 'A regatta flag', speaker: 'Dee Lima', ts: at(21, 0) };
    const after = { id: 'm10a', text: 'A seedling tray', speaker: 'Cai Rocha', ts: at(21, 1) };
    await t.strata.services.ingest(g, [before, after]);
    expect((await stored(g)).find((c) => c.term === 'lima')?.memories).toBe(1);
    expect((await stored(g)).find((c) => c.term === 'rocha')).toBeUndefined();

    // Pruning deletes m00 to m19 (the new two wait for a cycle): it subtracts m00 to m04, which the counts hold, and
    // nothing for the rest, which they do not hold yet.
    await new MaintenanceRepository(graph()).pruneMemories(g, new Date('2100-01-01T00:00:00Z'), 6);
    expect(await stored(g)).toEqual(termCountRows(countTermKeys([before])));

    // The rest of the count finds only m10a after the cursor.
    expect(await countGroupTerms(graph(), g, 5)).toBe(1);
    expect(await cursorOf(g)).toBeNull();
    expect(await stored(g)).toEqual(await recount(g));
    expect(await stored(g)).toEqual(sorted(termCountRows(countTermKeys([before, after]))));
  });

  it('verify holds on a sound group and names a count altered by hand and a node left at zero', async () => {
    const g = group('verify');
    await t.strata.services.ingest(g, memories(12));
    expect((await termCheck(g))?.ok).toBe(true);
    const tomato = (await stored(g)).find((c) => c.term === 'tomato')?.memories as number;
    await graph().write('test/set-term-count', { groupId: g, term: 'tomato', memories: tomato + 1 });
    await graph().write('test/set-term-count', { groupId: g, term: 'zeppelin', memories: 0 });
    const check = await termCheck(g);
    expect(check?.ok).toBe(false);
    expect(check?.findings).toEqual([
      { check: 'term-counts', where: 'term', count: 1, examples: [`tomato (${tomato + 1} vs ${tomato})`] },
      { check: 'term-counts', where: 'empty term', count: 1, examples: ['zeppelin (0 vs 0)'] },
    ]);
    expect((await t.strata.services.verify(g)).ok).toBe(false);
  });
});

function sorted(rows: TermCount[]): TermCount[] {
  return [...rows].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}
