import type { VerifyReport } from '../../../src/domain/verify.js';
import type { Strata } from '../../../src/strata.js';

/** Read-only looks into the graph under test, through the named files in cypher/inspect. */

export interface PeriodRow {
  id: string;
  level: string;
  periodStart: string;
  periodEnd: string;
  sessionKey: string | null;
  messageCount: number;
  version: number;
  summarizer: string;
}

/** The ids of `ids` that are stored in the group, each once. */
export async function storedIds(strata: Strata, groupId: string, ids: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await strata.graph.read<{ id: string }>('inspect/memories', {
      groupId,
      ids: ids.slice(i, i + 5000),
    });
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

export async function nodeCounts(strata: Strata, groupId: string): Promise<Record<string, number>> {
  const rows = await strata.graph.read<{ kind: string; count: number }>('inspect/group-counts', { groupId });
  return Object.fromEntries(rows.map((r) => [r.kind, r.count]));
}

export function periods(strata: Strata, groupId: string): Promise<PeriodRow[]> {
  return strata.graph.read<PeriodRow>('inspect/summary-periods', { groupId });
}

/** A period's name within its group: the same in two groups built from the same data. */
export function periodKey(p: PeriodRow): string {
  return p.level === 'session' ? `session ${p.sessionKey}` : `${p.level} ${p.periodStart}`;
}

/** Periods that have more than one summary (there should be none). */
export function duplicatePeriods(rows: PeriodRow[]): string[] {
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(periodKey(row), (seen.get(periodKey(row)) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([key, n]) => `${key} x${n}`);
}

/** Each period with how many messages its summary covers, for comparing a group with its reference build. */
export function periodCoverage(rows: PeriodRow[], levels = ['session', 'day', 'week', 'month']): string[] {
  return rows
    .filter((r) => levels.includes(r.level))
    .map((r) => `${periodKey(r)}: ${r.messageCount}`)
    .sort();
}

/** What one side has and the other lacks, both ways; empty when the two builds agree. */
export function coverageDiff(actual: string[], expected: string[]): { missing: string[]; extra: string[] } {
  const a = new Set(actual);
  const e = new Set(expected);
  return { missing: expected.filter((x) => !a.has(x)), extra: actual.filter((x) => !e.has(x)) };
}

export async function dayParents(strata: Strata, groupId: string): Promise<Record<number, number>> {
  const rows = await strata.graph.read<{ dayParents: number; memories: number }>(
    'inspect/memory-day-parents',
    { groupId },
  );
  return Object.fromEntries(rows.map((r) => [r.dayParents, r.memories]));
}

export async function sessionParents(strata: Strata, groupId: string): Promise<Record<number, number>> {
  const rows = await strata.graph.read<{ sessionParents: number; memories: number }>(
    'inspect/memory-session-parents',
    { groupId },
  );
  return Object.fromEntries(rows.map((r) => [r.sessionParents, r.memories]));
}

export interface LeaseRow {
  groupId: string;
  owner: string | null;
  expiresAt: string | null;
  msPastExpiry: number | null;
}

export function leases(strata: Strata, groupIds: string[]): Promise<LeaseRow[]> {
  return strata.graph.read<LeaseRow>('inspect/cycle-leases', { groupIds });
}

export interface RunRow {
  id: string;
  owner: string;
  status: string;
  reason: string | null;
  dryRun: boolean;
  startedAt: string;
  endedAt: string | null;
  created: number | null;
  updated: number | null;
  errors: string[] | null;
  summarizerFallbacks: number | null;
}

export function runs(strata: Strata, groupId: string): Promise<RunRow[]> {
  return strata.graph.read<RunRow>('inspect/aggregation-runs', { groupId });
}

/** The verify report in one line per failed check, for assertion messages. */
export function verifyProblems(report: VerifyReport): string[] {
  return report.checks
    .filter((c) => !c.ok)
    .map(
      (c) => `${c.check}: ${c.findings.map((f) => `${f.where} ${f.count} e.g. ${f.examples[0]}`).join('; ')}`,
    );
}
