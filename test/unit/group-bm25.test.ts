import { describe, expect, it } from 'vitest';
import { frequencyPart, groupBm25 } from '../../src/domain/group-bm25.js';
import { idf } from '../../src/domain/term-evidence.js';
import type { TermFrequencies } from '../../src/domain/term-keys.js';

const hit = (inText: Record<string, number>, length: number, bySpeaker: string[] = []): TermFrequencies => ({
  inText: new Map(Object.entries(inText)),
  bySpeaker: new Set(bySpeaker),
  length,
});

describe('frequencyPart', () => {
  it('grows with the count and shrinks with the length against the average', () => {
    expect(frequencyPart(2, 10, 10)).toBeGreaterThan(frequencyPart(1, 10, 10));
    expect(frequencyPart(1, 40, 10)).toBeLessThan(frequencyPart(1, 10, 10));
    // One occurrence in a text of average length: BM25's (k1 + 1) / (1 + k1).
    expect(frequencyPart(1, 10, 10)).toBeCloseTo(1, 10);
    expect(frequencyPart(0, 10, 10)).toBe(0);
  });
});

describe('groupBm25', () => {
  const group = (averageLength: number) => ({
    memories: 100,
    averageLength,
    termMemories: new Map([
      ['garden', 5],
      ['maria', 40],
    ]),
  });

  it("ranks by the group's own average length, whatever other texts the index holds", () => {
    // Twice in a long text against once in a short one.
    const hits = [hit({ garden: 2 }, 40), hit({ garden: 1 }, 5)];
    const [longAmongShort, shortAmongShort] = groupBm25(hits, group(5));
    expect(shortAmongShort).toBeGreaterThan(longAmongShort as number);
    const [longAmongLong, shortAmongLong] = groupBm25(hits, group(200));
    expect(longAmongLong).toBeGreaterThan(shortAmongLong as number);
  });

  it("weighs each term by its idf in the group, over the term's best among the hits", () => {
    const [best, other] = groupBm25([hit({ garden: 1 }, 10), hit({ garden: 1 }, 30)], group(10));
    expect(best).toBeCloseTo(idf(100, 5), 10);
    expect(other).toBeCloseTo((frequencyPart(1, 30, 10) / frequencyPart(1, 10, 10)) * idf(100, 5), 10);
  });

  it("counts a term in the speaker's name as one occurrence in a text of average length, beside the text's", () => {
    const [named, said, both] = groupBm25(
      [hit({}, 10, ['maria']), hit({ maria: 1 }, 10), hit({ maria: 1 }, 10, ['maria'])],
      group(10),
    );
    expect(named).toBeCloseTo(said as number, 10);
    expect(both).toBeCloseTo(idf(100, 40), 10);
    expect(named).toBeCloseTo(idf(100, 40) / 2, 10);
  });

  it('scores a hit that holds no term 0', () => {
    expect(groupBm25([hit({}, 10), hit({ garden: 1 }, 10)], group(10))[0]).toBe(0);
  });
});
