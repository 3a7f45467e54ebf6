import { describe, expect, it } from 'vitest';
import { addEntityCounts, byMentions, topEntityCounts } from '../../src/domain/entity-counts.js';
import type { EntityCount } from '../../src/domain/entity-shapes.js';

const count = (id: string, mentions: number, sessions: number): EntityCount => ({
  id: `g:entity:${id.padStart(16, '0')}`,
  name: id,
  kind: 'place',
  mentions,
  sessions,
});

describe('entity counts over a span read in pages', () => {
  it('adds the pages up by id, without changing the pages it was given', () => {
    const first = [count('a', 3, 2), count('b', 1, 1)];
    const totals = new Map<string, EntityCount>();
    addEntityCounts(totals, first);
    addEntityCounts(totals, [count('a', 2, 1), count('c', 4, 1)]);
    expect([...totals.values()].map((c) => [c.name, c.mentions, c.sessions])).toEqual([
      ['a', 5, 3],
      ['b', 1, 1],
      ['c', 4, 1],
    ]);
    expect(first[0]).toMatchObject({ mentions: 3, sessions: 2 });
  });

  it('keeps the most mentioned, then those more sessions name, then by id', () => {
    const counts = [count('d', 2, 1), count('b', 5, 1), count('c', 2, 2), count('a', 2, 1)];
    expect(topEntityCounts(counts, 3).map((c) => c.name)).toEqual(['b', 'c', 'a']);
    expect(topEntityCounts(counts, 10)).toHaveLength(4);
    expect([...counts].sort(byMentions).map((c) => c.name)).toEqual(['b', 'c', 'a', 'd']);
  });
});
