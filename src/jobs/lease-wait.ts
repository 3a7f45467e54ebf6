import type { CycleReport } from '../domain/cycle-report.js';

export interface LeaseWait {
  /** Longest time to wait for another instance's lease to be released; 0 tries once. */
  waitMs: number;
  /** How often to try again while waiting: a holder releases its lease as soon as its cycle ends. */
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface WaitedCycle {
  report: CycleReport;
  /** Time spent waiting for the lease, 0 when it was free at once. */
  waitedMs: number;
}

/** Whether a cycle did nothing because another instance holds the group's cycle lease. */
export function leaseHeld(report: CycleReport): boolean {
  return report.status === 'skipped' && report.leaseExpiresAt !== undefined;
}

/**
 * Runs a cycle, and while another instance holds the group's lease tries again until the lease is free or `waitMs`
 * has passed; the last report says which (a held lease stays a skipped report with `leaseExpiresAt`).
 */
export async function cycleWhenLeaseFree(
  cycle: () => Promise<CycleReport>,
  wait: LeaseWait,
): Promise<WaitedCycle> {
  const sleep = wait.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const pollMs = wait.pollMs ?? 1000;
  let waitedMs = 0;
  for (;;) {
    const report = await cycle();
    if (!leaseHeld(report) || waitedMs >= wait.waitMs) return { report, waitedMs };
    // Never past the bound, and no longer than until the lease expires (it is free then at the latest).
    const untilExpiry = Math.max(0, Date.parse(report.leaseExpiresAt as string) - Date.now()) + 10;
    const pause = Math.max(1, Math.min(pollMs, wait.waitMs - waitedMs, untilExpiry));
    await sleep(pause);
    waitedMs += pause;
  }
}
