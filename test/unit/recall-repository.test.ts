import { describe, expect, it } from 'vitest';
import { GROUP_SIZE_TTL_MS, RecallRepository } from '../../src/graph/recall.js';

const scope = { groupId: 'g1', from: null, to: null };
const options = { perTerm: 10, limit: 10, period: null };

/** A graph that answers recall/term-hits with one hit per term and recall/group-memories with `sizes` in turn. */
function fakeGraph(sizes: (number | Error)[]) {
  const reads: string[] = [];
  const graph = {
    read: async (name: string, params: Record<string, unknown> = {}) => {
      reads.push(name);
      if (name === 'recall/group-memories') {
        const next = sizes.shift();
        if (next instanceof Error) throw next;
        return [{ groupMemories: next }];
      }
      const terms = params.terms as { term: string }[];
      return terms.map(({ term }) => ({
        term,
        memoryCount: 1,
        ids: [`m-${term}`, `s-${term}`],
        levels: ['memory', 'session'],
        scores: [2, 1],
        decays: [1, 0.5],
        inPeriod: params.periodFrom ? [true, false] : null,
      }));
    },
  };
  return { graph: graph as unknown as ConstructorParameters<typeof RecallRepository>[0], reads };
}

describe('RecallRepository.termHits', () => {
  it('turns the parallel lists into one hit per entry, with inPeriod only when a period is named', async () => {
    const { graph } = fakeGraph([100, 100]);
    const repo = new RecallRepository(graph);
    const plain = await repo.termHits(scope, ['memory'], ['tea'], options);
    expect(plain.termHits).toEqual([
      {
        term: 'tea',
        memoryCount: 1,
        hits: [
          { id: 'm-tea', level: 'memory', score: 2, decay: 1 },
          { id: 's-tea', level: 'session', score: 1, decay: 0.5 },
        ],
      },
    ]);
    const dated = await repo.termHits(scope, ['memory'], ['tea'], {
      ...options,
      period: { from: '2024-01-01T00:00:00Z', to: '2024-01-02T00:00:00Z' },
    });
    expect(dated.termHits[0]?.hits.map((h) => h.inPeriod)).toEqual([true, false]);
  });

  it('counts the group once per GROUP_SIZE_TTL_MS, then again', async () => {
    let now = 1_000_000;
    const { graph, reads } = fakeGraph([100, 250]);
    const repo = new RecallRepository(graph, () => now);
    expect((await repo.termHits(scope, ['memory'], ['tea'], options)).groupMemories).toBe(100);
    now += GROUP_SIZE_TTL_MS - 1;
    expect((await repo.termHits(scope, ['memory'], ['tea'], options)).groupMemories).toBe(100);
    now += 1;
    expect((await repo.termHits(scope, ['memory'], ['tea'], options)).groupMemories).toBe(250);
    expect(reads.filter((r) => r === 'recall/group-memories')).toHaveLength(2);
  });

  it('keeps no failed count: the next recall counts again', async () => {
    const { graph, reads } = fakeGraph([new Error('gone'), 40]);
    const repo = new RecallRepository(graph, () => 0);
    await expect(repo.termHits(scope, ['memory'], ['tea'], options)).rejects.toThrow('gone');
    expect((await repo.termHits(scope, ['memory'], ['tea'], options)).groupMemories).toBe(40);
    expect(reads.filter((r) => r === 'recall/group-memories')).toHaveLength(2);
  });
});
