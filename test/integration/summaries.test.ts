import { beforeAll, expect, it } from 'vitest';
import { SUMMARY_LEVELS, type SummaryLevel } from '../../src/domain/levels.js';
import type { MemoryInput } from '../../src/domain/memory.js';
import type { Summary } from '../../src/domain/summary.js';
import { describeNeo4j, useTestStrata } from './neo4j.js';

/**
 * Three weeks of a small chat, one conversation a day, and on the last day three threads (explicit sessions) that
 * open at the same instant: the newest sessions tie on their start, so a short list cuts through the tie.
 */
function memories(): MemoryInput[] {
  const out: MemoryInput[] = [];
  const first = Date.parse('2024-04-01T00:00:00Z');
  for (let day = 0; day < 21; day++) {
    for (let i = 0; i < 4; i++) {
      const ts = new Date(first + day * 86_400_000 + (9 * 60 + i * 7) * 60_000).toISOString();
      out.push({ text: `Day ${day + 1}, message ${i + 1} about the garden plan`, speaker: `p${i % 2}`, ts });
    }
  }
  const lastDay = first + 21 * 86_400_000;
  for (const thread of ['tomatoes', 'fence', 'compost']) {
    for (let i = 0; i < 2; i++) {
      const ts = new Date(lastDay + (18 * 60 + i * 5) * 60_000).toISOString();
      out.push({ text: `The ${thread} thread, reply ${i + 1}`, speaker: `p${i}`, ts, sessionId: thread });
    }
  }
  return out;
}

/** The list's order: newest start first, ties by id. */
function newestFirst(a: Summary, b: Summary): number {
  if (a.startsAt !== b.startsAt) return Date.parse(b.startsAt) - Date.parse(a.startsAt);
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

describeNeo4j('summaries list against Neo4j', () => {
  const t = useTestStrata();
  let group: string;
  let all: Summary[];

  beforeAll(async () => {
    group = t.group('list');
    await t.strata.services.ingest(group, memories());
    const report = await t.strata.cycle(group, { now: new Date('2024-05-01T00:00:00Z') });
    expect(report.status).toBe('succeeded');
    all = await t.strata.services.listSummaries(group, { limit: 500 });
  });

  it('lists every summary of the group, newest first and ties by id, when the limit allows', async () => {
    const periods = await t.strata.graph.read<{ id: string }>('inspect/summary-periods', { groupId: group });
    expect(all.map((s) => s.id).sort()).toEqual(periods.map((p) => p.id).sort());
    expect(all).toEqual([...all].sort(newestFirst));
    const tied = all.filter((s) => s.level === 'session' && s.startsAt === all[0]?.startsAt);
    expect(tied.length).toBe(3);
  });

  it('returns what the whole list filtered, ordered and cut would, for every level, window and limit', async () => {
    const starts = [...new Set(all.map((s) => s.startsAt))].sort();
    const at = (share: number) => starts[Math.floor(share * (starts.length - 1))] as string;
    const windows: { from?: string; to?: string }[] = [
      {},
      { from: at(0.5) },
      { to: at(0.7) },
      { from: at(0.2), to: at(0.6) },
    ];
    for (const level of [undefined, ...SUMMARY_LEVELS] as (SummaryLevel | undefined)[]) {
      for (const window of windows) {
        for (const limit of [1, 2, 3, 5, 40]) {
          const listed = await t.strata.services.listSummaries(group, {
            ...(level ? { level } : {}),
            ...window,
            limit,
          });
          const expected = all
            .filter((s) => !level || s.level === level)
            .filter((s) => !window.from || Date.parse(s.endsAt) > Date.parse(window.from))
            .filter((s) => !window.to || Date.parse(s.startsAt) < Date.parse(window.to))
            .slice(0, limit);
          expect(
            listed.map((s) => s.id),
            JSON.stringify({ level, window, limit }),
          ).toEqual(expected.map((s) => s.id));
        }
      }
    }
  });
});
