import { describe, expect, it } from 'vitest';
import { classTfIdf } from '../../src/domain/topic-weights.js';

const counts = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('classTfIdf', () => {
  it('scales the best phrase to 1 and ranks what only this period says above what every period says', () => {
    const background = Array.from({ length: 5 }, () => counts({ coffee: 3, meeting: 2 }));
    const weights = classTfIdf(counts({ coffee: 3, telescope: 2 }), background);
    expect([...weights.keys()]).toEqual(['telescope', 'coffee']);
    expect(weights.get('telescope')).toBe(1);
    expect(weights.get('coffee')).toBeLessThan(0.5);
  });

  it('matches the formula tf * log(1 + A / f) on a hand-worked case', () => {
    // A = (3 + 3) / 2 occurrences per class; f(a) = 2 + 1, f(b) = 1.
    const weights = classTfIdf(counts({ a: 2, b: 1 }), [counts({ a: 1, c: 2 })]);
    const a = 2 * Math.log(1 + 3 / 3);
    const b = 1 * Math.log(1 + 3 / 1);
    expect(weights.get('b')).toBe(1);
    expect(weights.get('a')).toBeCloseTo(a / b, 4);
  });

  it('puts the longer phrase first on equal weight, and gives nothing for nothing', () => {
    expect([...classTfIdf(counts({ panel: 2, 'solar panel': 2 }), []).keys()]).toEqual([
      'solar panel',
      'panel',
    ]);
    expect(classTfIdf(new Map(), []).size).toBe(0);
  });
});
