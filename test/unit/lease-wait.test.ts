import { describe, expect, it } from 'vitest';
import { type CycleReport, newCycleReport } from '../../src/domain/cycle-report.js';
import { cycleWhenLeaseFree, leaseHeld } from '../../src/jobs/lease-wait.js';

const base = newCycleReport('g', '2024-05-01T00:00:00.000Z', { tookMs: 1 });
const held = (inMs: number): CycleReport => ({
  ...base,
  status: 'skipped',
  reason: 'held',
  leaseExpiresAt: new Date(Date.now() + inMs).toISOString(),
});

function scripted(reports: CycleReport[]) {
  let calls = 0;
  const sleeps: number[] = [];
  return {
    cycle: async () => reports[Math.min(calls++, reports.length - 1)] as CycleReport,
    sleep: async (ms: number) => void sleeps.push(ms),
    sleeps,
    calls: () => calls,
  };
}

describe('leaseHeld', () => {
  it('is a skipped report with a lease expiry, not a deleted group', () => {
    expect(leaseHeld(held(1000))).toBe(true);
    expect(leaseHeld({ ...base, status: 'skipped', reason: 'the group was deleted during the cycle' })).toBe(
      false,
    );
    expect(leaseHeld(base)).toBe(false);
  });
});

describe('cycleWhenLeaseFree', () => {
  it('tries once when the lease is free, or when no wait is allowed', async () => {
    const free = scripted([base]);
    expect(await cycleWhenLeaseFree(free.cycle, { waitMs: 5000, sleep: free.sleep })).toEqual({
      report: base,
      waitedMs: 0,
    });
    const busy = scripted([held(60_000)]);
    const result = await cycleWhenLeaseFree(busy.cycle, { waitMs: 0, sleep: busy.sleep });
    expect(leaseHeld(result.report)).toBe(true);
    expect(busy.calls()).toBe(1);
  });

  it('polls until the holder releases the lease, counting the time waited', async () => {
    const s = scripted([held(60_000), held(60_000), base]);
    const result = await cycleWhenLeaseFree(s.cycle, { waitMs: 10_000, pollMs: 1000, sleep: s.sleep });
    expect(result).toEqual({ report: base, waitedMs: 2000 });
    expect(s.sleeps).toEqual([1000, 1000]);
  });

  it('never waits past the bound, nor past the lease expiry, and reports the lease still held', async () => {
    const s = scripted([held(60_000)]);
    const result = await cycleWhenLeaseFree(s.cycle, { waitMs: 2500, pollMs: 1000, sleep: s.sleep });
    expect(leaseHeld(result.report)).toBe(true);
    expect(s.sleeps).toEqual([1000, 1000, 500]);
    expect(result.waitedMs).toBe(2500);
    const soon = scripted([held(200), base]);
    await cycleWhenLeaseFree(soon.cycle, { waitMs: 10_000, pollMs: 5000, sleep: soon.sleep });
    expect(soon.sleeps[0]).toBeLessThanOrEqual(210);
  });
});
