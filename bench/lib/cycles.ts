import type { CycleReport } from '../../src/domain/cycle-report.js';
import type { SharedCommits } from '../../src/graph/shared-commits.js';
import type { CycleOptions } from '../../src/jobs/cycle.js';
import { inParallel } from '../../src/jobs/in-parallel.js';
import { cycleWhenLeaseFree, leaseHeld } from '../../src/jobs/lease-wait.js';
import type { Strata } from '../../src/strata.js';
import type { Deadline } from './cli.js';

/**
 * How long a benchmark waits for a group's cycle lease that another instance (an app with its scheduler on, on the
 * same database) holds: long enough for that instance's cycle of one group to end, bounded so a stuck holder
 * cannot stall the run.
 */
export const LEASE_WAIT_MS = 120_000;

export interface CycleRound {
  /** Time of the cycles themselves, without the time spent waiting for leases held elsewhere. */
  ms: number;
  reports: CycleReport[];
  /** Groups not cycled because the deadline passed first. */
  skipped: number;
  /** Time spent waiting for cycle leases other instances held, and for how many groups. */
  leaseWaitMs: number;
  leaseWaits: number;
  /** Groups not cycled because another instance still held the lease after LEASE_WAIT_MS. */
  leaseHeld: CycleReport[];
  /** What the round's cycles shared (graph/shared-commits.ts); absent when sharing is off (CYCLE_SHARED_COMMITS=1). */
  shared?: SharedCommits<unknown>['counts'];
}

/**
 * One cycle per group, as the scheduler runs them (CYCLE_CONCURRENCY groups at a time, their writes sharing commits
 * up to CYCLE_SHARED_COMMITS groups a transaction); timed as a whole. A lease
 * held by another instance is waited for (up to LEASE_WAIT_MS, said in `problems`), never skipped silently: a
 * skipped group would make the round look faster than it is. The waits are taken off the time; with several groups
 * at a time a wait may overlap another group's cycle, so a round with waits is a lower bound, and says so.
 */
export async function cycleGroups(
  strata: Strata,
  groupIds: string[],
  now: Date,
  deadline: Deadline,
): Promise<CycleRound> {
  const reports: CycleReport[] = [];
  let leaseWaitMs = 0;
  let leaseWaits = 0;
  const started = performance.now();
  const commits = strata.shareCommits();
  await inParallel(groupIds, strata.config.scheduler.concurrency, async (groupId) => {
    if (deadline.passed()) return;
    const { report, waitedMs } = await commits.join(() =>
      cycleWhenLeaseFree(() => strata.cycle(groupId, { now }), { waitMs: LEASE_WAIT_MS }),
    );
    if (waitedMs > 0) {
      leaseWaitMs += waitedMs;
      leaseWaits++;
    }
    reports.push(report);
  });
  return {
    ms: performance.now() - started - leaseWaitMs,
    reports,
    skipped: groupIds.length - reports.length,
    leaseWaitMs,
    leaseWaits,
    leaseHeld: reports.filter(leaseHeld),
    ...('counts' in commits ? { shared: (commits as SharedCommits<unknown>).counts } : {}),
  };
}

/**
 * One group's cycle for a benchmark: a lease another instance holds is waited for up to LEASE_WAIT_MS, and both
 * the wait and a lease still held are printed, so a figure never silently comes from a cycle that did not run.
 */
export async function cycleOne(
  strata: Strata,
  groupId: string,
  options: CycleOptions = {},
): Promise<CycleReport> {
  const { report, waitedMs } = await cycleWhenLeaseFree(() => strata.cycle(groupId, options), {
    waitMs: LEASE_WAIT_MS,
  });
  if (waitedMs > 0)
    console.log(`note: ${groupId} waited ${(waitedMs / 1000).toFixed(1)} s for its cycle lease`);
  if (leaseHeld(report)) {
    console.log(
      `problem: ${groupId} not cycled: another instance holds its cycle lease until ${report.leaseExpiresAt}`,
    );
  }
  return report;
}

/** Every group of the round cycled: none left by the deadline, none held by another instance. */
export function roundComplete(round: CycleRound): boolean {
  return round.skipped === 0 && round.leaseHeld.length === 0;
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
  if (round.leaseWaits > 0) {
    out.push(
      `${round.leaseWaits} group(s) waited ${(round.leaseWaitMs / 1000).toFixed(1)} s in all for a cycle lease ` +
        'another instance held (taken off the time, which is then a lower bound with several groups at a time)',
    );
  }
  if (round.leaseHeld.length > 0) {
    out.push(
      `${round.leaseHeld.length} group(s) not cycled: another instance still held the cycle lease after ` +
        `${LEASE_WAIT_MS / 1000} s (${round.leaseHeld.map((r) => r.groupId).join(', ')})`,
    );
  }
  return out;
}
