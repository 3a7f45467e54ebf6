import { describe, expect, it } from 'vitest';
import { cycleHealth } from '../../src/domain/cycle-health.js';
import { buildVerifyReport, chainFinding, VERIFY_CHECKS } from '../../src/domain/verify.js';

const keepingUp = cycleHealth(
  { lastStatus: 'succeeded', lastError: null, failedInARow: 0, pendingMemories: 0, oldestPendingAt: null },
  new Date(),
);

const simple = { level: 'day', nodes: 4, links: 3, branching: 0, merging: 0, heads: 1, backwards: 0 };

describe('chainFinding', () => {
  it('accepts one simple chain in period order, and an empty level', () => {
    expect(chainFinding(simple)).toBeNull();
    expect(chainFinding({ ...simple, nodes: 0, links: 0, heads: 0 })).toBeNull();
    expect(chainFinding({ ...simple, nodes: 1, links: 0, heads: 1 })).toBeNull();
  });

  it.each([
    ['a missing link', { links: 2, heads: 2 }],
    ['a fork', { links: 4, branching: 1 }],
    ['a merge', { links: 4, merging: 1 }],
    ['a link back in time', { backwards: 1 }],
  ])('reports %s with the figures', (_what, change) => {
    const finding = chainFinding({ ...simple, ...change });
    expect(finding).toMatchObject({ check: 'next-period-chain', where: 'day', count: 1 });
    expect(finding?.examples[0]).toMatch(/^nodes 4, links \d/);
  });
});

describe('buildVerifyReport', () => {
  it('lists every check, ok when nothing was found', () => {
    const report = buildVerifyReport('g', [], 0, keepingUp);
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.check)).toEqual(Object.keys(VERIFY_CHECKS));
    expect(report.checks.every((c) => c.ok && c.findings.length === 0)).toBe(true);
  });

  it('fails only the check that has a finding with a count, and keeps pending apart', () => {
    const report = buildVerifyReport(
      'g',
      [
        { check: 'vectors', where: 'memory', count: 3, examples: ['m1'] },
        { check: 'summary-counts', where: 'week', count: 0, examples: [] },
      ],
      7,
      keepingUp,
    );
    expect(report.ok).toBe(false);
    expect(report.checks.filter((c) => !c.ok).map((c) => c.check)).toEqual(['vectors']);
    expect(report.pending).toEqual({ memories: 7 });
  });
});
