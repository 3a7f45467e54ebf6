import { describe, expect, it } from 'vitest';
import { cycleHealth } from '../../src/domain/cycle-health.js';
import {
  buildVerifyReport,
  chainFinding,
  termCountFindings,
  VERIFY_CHECKS,
} from '../../src/domain/verify.js';

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

describe('termCountFindings', () => {
  const recount = new Map([
    ['plant', 3],
    ['tomato', 1],
    ['maria', 2],
  ]);

  it('finds nothing when the stored counts are the recount', () => {
    const stored = [...recount].map(([term, memories]) => ({ term, memories }));
    expect(termCountFindings(recount, stored).filter((f) => f.count > 0)).toEqual([]);
  });

  it('names a count that differs, a key with no node, and a node left at zero or below', () => {
    const findings = termCountFindings(recount, [
      { term: 'plant', memories: 4 },
      { term: 'maria', memories: 2 },
      { term: 'kiln', memories: 0 },
    ]);
    expect(findings).toEqual([
      { check: 'term-counts', where: 'term', count: 2, examples: ['plant (4 vs 3)', 'tomato (0 vs 1)'] },
      { check: 'term-counts', where: 'empty term', count: 1, examples: ['kiln (0 vs 0)'] },
    ]);
  });

  it('lists five examples however many differ', () => {
    const many = new Map(Array.from({ length: 9 }, (_, i) => [`k${i}`, 1] as const));
    const [differ] = termCountFindings(many, []);
    expect(differ?.count).toBe(9);
    expect(differ?.examples).toHaveLength(5);
  });
});

describe('buildVerifyReport with a check skipped', () => {
  it('says why, and the check holds', () => {
    const report = buildVerifyReport('g', [], 0, keepingUp, { 'term-counts': 'a count is under way' });
    const terms = report.checks.find((c) => c.check === 'term-counts');
    expect(terms).toMatchObject({ ok: true, skipped: 'a count is under way' });
    expect(report.checks.filter((c) => c.skipped)).toHaveLength(1);
    expect(report.ok).toBe(true);
  });
});
