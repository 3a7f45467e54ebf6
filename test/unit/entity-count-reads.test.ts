import { describe, expect, it } from 'vitest';
import type { EntityCount } from '../../src/domain/entity-shapes.js';
import { EntityCountReads } from '../../src/graph/entity-counts.js';

type Params = Record<string, unknown>;

/** A graph whose reads answer from `answer` and are recorded, as the repository's typed boundary sees it. */
function recordingGraph(answer: (name: string, params: Params) => unknown[]) {
  const reads: { name: string; params: Params }[] = [];
  return {
    reads,
    graph: {
      read: async <T>(name: string, params: Params = {}): Promise<T[]> => {
        reads.push({ name, params });
        return answer(name, params) as T[];
      },
    },
  };
}

const entity = (name: string, mentions: number, sessions = 1): EntityCount => ({
  id: `g:entity:${name.padStart(16, '0')}`,
  name,
  kind: 'place',
  mentions,
  sessions,
});

describe('EntityCountReads', () => {
  it("reads an era's span in pages of sessions, each after the last session of the one before, and adds them up", async () => {
    const pages = [
      { read: 2, lastDay: '2024-01-03', lastId: 's2', entities: [entity('a', 2, 2), entity('b', 5)] },
      { read: 2, lastDay: '2024-01-03', lastId: 's4', entities: [entity('a', 4, 2)] },
      { read: 1, lastDay: '2024-01-09', lastId: 's5', entities: [entity('c', 1)] },
    ];
    const { graph, reads } = recordingGraph(() => [pages[reads.length - 1]]);
    const counts = await new EntityCountReads(graph, { sessions: 2 }).inSpan(
      'g',
      '2024-01-01',
      '2024-02-01',
      2,
    );
    expect(counts.map((c) => [c.name, c.mentions, c.sessions])).toEqual([
      ['a', 6, 4],
      ['b', 5, 1],
    ]);
    expect(
      reads.map((r) => [r.name, r.params.afterDay, r.params.afterId, r.params.to, r.params.sessions]),
    ).toEqual([
      ['entities/span-counts', '2024-01-01', '', '2024-02-01', 2],
      ['entities/span-counts', '2024-01-03', 's2', '2024-02-01', 2],
      ['entities/span-counts', '2024-01-03', 's4', '2024-02-01', 2],
    ]);
  });

  it('stops after a full last page that the next read finds empty', async () => {
    const { graph, reads } = recordingGraph(() =>
      reads.length === 1
        ? [{ read: 2, lastDay: '2024-01-02', lastId: 's2', entities: [entity('a', 1)] }]
        : [{ read: 0, lastDay: null, lastId: null, entities: [] }],
    );
    const counts = await new EntityCountReads(graph, { sessions: 2 }).inSpan(
      'g',
      '2024-01-01',
      '2024-01-05',
      5,
    );
    expect(counts.map((c) => c.name)).toEqual(['a']);
    expect(reads).toHaveLength(2);
  });

  it("reads a level's periods a page at a time, each page from the day after the last period started", async () => {
    const period = (start: string, end: string) => ({
      periodStart: start,
      periodEnd: end,
      sessionCount: 1,
      mentionCount: 1,
      entities: [entity('a', 1)],
    });
    const pages = [
      [period('2024-01-01', '2024-01-07'), period('2024-01-08', '2024-01-14')],
      [period('2024-01-15', '2024-01-21')],
    ];
    const { graph, reads } = recordingGraph(() => pages[reads.length - 1] ?? []);
    const periods = await new EntityCountReads(graph, { periods: { week: 2 } }).perPeriod(
      'g',
      'week',
      { from: null, to: '2024-03-01' },
      7,
    );
    expect(periods.map((p) => p.periodStart)).toEqual(['2024-01-01', '2024-01-08', '2024-01-15']);
    expect(reads.map((r) => [r.params.from, r.params.to, r.params.periods, r.params.top])).toEqual([
      [null, '2024-03-01', 2, 7],
      ['2024-01-09', '2024-03-01', 2, 7],
    ]);
  });
});
