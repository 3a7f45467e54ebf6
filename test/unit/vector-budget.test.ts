import { describe, expect, it } from 'vitest';
import { EXACT_SCAN_MAX, INDEX_FETCH_MAX, vectorSearchPlan } from '../../src/domain/vector-budget.js';

describe('vectorSearchPlan', () => {
  it('scans a small group exactly, whatever the size of the index', () => {
    expect(vectorSearchPlan(0, 0, 30)).toEqual({ kind: 'exact' });
    expect(vectorSearchPlan(EXACT_SCAN_MAX, 1_000_000, 30)).toEqual({ kind: 'exact' });
  });

  it('over-fetches from the index by the group’s share of it, with a margin', () => {
    // 10 % of the index: ten hits fetched per hit kept, twice over.
    expect(vectorSearchPlan(10_000, 100_000, 30)).toEqual({ kind: 'index', candidates: 600 });
    // The only group: the margin alone.
    expect(vectorSearchPlan(5_000, 5_000, 30)).toEqual({ kind: 'index', candidates: 60 });
  });

  it('caps the over-fetch, and never fetches fewer than it keeps', () => {
    expect(vectorSearchPlan(2_000, 1_000_000, 30)).toEqual({ kind: 'index', candidates: INDEX_FETCH_MAX });
    // Counts read a moment apart can disagree; the group never counts as more than the whole index.
    expect(vectorSearchPlan(3_000, 1_000, 30)).toEqual({ kind: 'index', candidates: 60 });
  });
});
