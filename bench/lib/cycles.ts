import type { CycleReport } from '../../src/domain/cycle-report.js';
import type { Strata } from '../../src/strata.js';
import type { Deadline } from './cli.js';

export interface CycleRound {
  ms: number;
  reports: CycleReport[];
  /** Groups not cycled because the deadline passed first. */
  skipped: number;
}

/** One cycle per group, one after another, as the scheduler runs them; timed as a whole. */
export async function cycleGroups(
  strata: Strata,
  groupIds: string[],
  now: Date,
  deadline: Deadline,
): Promise<CycleRound> {
  const reports: CycleReport[] = [];
  const started = performance.now();
  for (const groupId of groupIds) {
    if (deadline.passed()) break;
    reports.push(await strata.cycle(groupId, { now }));
  }
  return { ms: performance.now() - started, reports, skipped: groupIds.length - reports.length };
}

const LEVELS = ['session', 'day', 'week', 'month', 'era'] as const;

/** "session 1,234 new / 5 updated, day ..." summed over the round's reports. */
export function levelTotals(reports: CycleReport[]): string {
  return LEVELS.map((level) => {
    const created = reports.reduce((n, r) => n + r.levels[level].created, 0);
    const updated = reports.reduce((n, r) => n + r.levels[level].updated, 0);
    return `${level} ${created}+${updated}`;
  }).join(', ');
}

/** Failed or skipped cycles and per-period errors, which would make a time look better than it is. */
export function problems(round: CycleRound): string[] {
  const out: string[] = [];
  for (const r of round.reports) {
    if (r.status !== 'succeeded') out.push(`${r.groupId}: ${r.status}${r.reason ? ` (${r.reason})` : ''}`);
    for (const e of r.errors.slice(0, 3)) out.push(`${r.groupId}: ${e}`);
  }
  if (round.skipped > 0) out.push(`${round.skipped} group(s) not cycled: time limit reached`);
  return out;
}
