import { describe, expect, it } from 'vitest';
import { jensenShannon } from '../../src/domain/drift.js';
import { smoothTowardBackground } from '../../src/domain/topic-smoothing.js';

const uniform = (...names: string[]) => new Map(names.map((n) => [n, 1 / names.length]));
const sum = (p: Map<string, number>) => [...p.values()].reduce((a, b) => a + b, 0);

describe('smoothTowardBackground', () => {
  const series = [
    uniform('dough', 'flour'),
    uniform('flour', 'starter'),
    uniform('starter', 'dough'),
    uniform('venue', 'florist'),
    uniform('florist', 'caterer'),
  ];
  const smoothed = smoothTowardBackground(series);

  it('keeps every distribution summing to 1', () => {
    for (const p of smoothed) expect(sum(p)).toBeCloseTo(1, 12);
  });

  it('lends weight to the topics other periods mention alongside, never to unrelated ones', () => {
    // "dough" and "flour" come with "starter" in the other baking weeks, never with the wedding's topics.
    expect(smoothed[0]?.get('starter')).toBeGreaterThan(0);
    expect(smoothed[0]?.has('venue')).toBe(false);
  });

  it('brings periods of one theme closer and leaves different themes apart', () => {
    const inside = jensenShannon(smoothed[0] as Map<string, number>, smoothed[1] as Map<string, number>);
    expect(inside).toBeLessThan(
      jensenShannon(series[0] as Map<string, number>, series[1] as Map<string, number>),
    );
    expect(jensenShannon(smoothed[2] as Map<string, number>, smoothed[3] as Map<string, number>)).toBeCloseTo(
      1,
      12,
    );
  });

  it('leaves periods whose topics recur nowhere as they are, and the series unchanged at weight 0', () => {
    const lonely = [uniform('a', 'b'), uniform('c')];
    expect(smoothTowardBackground(lonely)).toEqual(lonely);
    expect(smoothTowardBackground(series, 0)).toEqual(series);
    expect(() => smoothTowardBackground(series, 1.5)).toThrow(RangeError);
  });
});
