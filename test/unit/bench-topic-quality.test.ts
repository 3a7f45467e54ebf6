import { describe, expect, it } from 'vitest';
import { referenceShare, shareOf, stemsOf } from '../../bench/lib/topic-quality.js';

describe('referenceShare', () => {
  const reference = 'Jon opened his dance studios and showed Gina photos of the grand opening.';

  it('counts a topic whose every word has its Porter stem in the reference', () => {
    expect(stemsOf(reference).has('studio')).toBe(true);
    const s = referenceShare([{ topics: ['dance studio', 'opening', 'photo', 'lot', 'Gina'], reference }]);
    expect(s).toEqual({ hits: 4, total: 5, misses: new Map([['lot', 1]]) });
    expect(shareOf(s)).toBe(0.8);
  });

  it('misses a phrase when one of its words is missing, and looks at the first k topics only', () => {
    const s = referenceShare([{ topics: ['dance class', 'studio', 'way', 'time'], reference }], 2);
    expect(s.hits).toBe(1);
    expect(s.total).toBe(2);
    expect([...s.misses.keys()]).toEqual(['dance class']);
  });

  it('has no share without topics', () => {
    expect(shareOf(referenceShare([{ topics: [], reference }]))).toBeNull();
  });
});
