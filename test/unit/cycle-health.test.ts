import { describe, expect, it } from 'vitest';
import { BEHIND_AFTER_HOURS, type CycleRecord, cycleHealth } from '../../src/domain/cycle-health.js';

const NOW = new Date('2026-11-27T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
const healthy: CycleRecord = {
  lastStatus: 'succeeded',
  lastError: null,
  failedInARow: 0,
  pendingMemories: 0,
  oldestPendingAt: null,
};

describe('cycleHealth', () => {
  it('keeps up with nothing pending, or with only memories of a day that may still be open', () => {
    expect(cycleHealth(healthy, NOW)).toMatchObject({ behind: false, reasons: [] });
    const today = { ...healthy, pendingMemories: 40, oldestPendingAt: hoursAgo(BEHIND_AFTER_HOURS - 1) };
    expect(cycleHealth(today, NOW).behind).toBe(false);
  });

  it('is behind when a memory has waited longer than a day can stay open, and says how many wait since when', () => {
    const stuck = {
      ...healthy,
      pendingMemories: 1_000_000,
      oldestPendingAt: hoursAgo(BEHIND_AFTER_HOURS + 1),
    };
    const health = cycleHealth(stuck, NOW);
    expect(health.behind).toBe(true);
    expect(health.reasons).toEqual([
      `1000000 memories wait for a day summary, the oldest from ${hoursAgo(BEHIND_AFTER_HOURS + 1)}`,
    ]);
  });

  it('is behind after a failed cycle, counting those in a row, with the reason it recorded', () => {
    const failed = {
      ...healthy,
      lastStatus: 'failed' as const,
      failedInARow: 3,
      lastError: 'statement x too big',
    };
    expect(cycleHealth(failed, NOW).reasons).toEqual(['the last 3 cycles failed: statement x too big']);
    expect(cycleHealth({ ...failed, failedInARow: 1 }, NOW).reasons).toEqual([
      'the last cycle failed: statement x too big',
    ]);
  });

  it('is behind after a cycle that succeeded but left a period it could not summarise', () => {
    const partial = { ...healthy, lastError: 'day 2024-05-02: summarizer down' };
    expect(cycleHealth(partial, NOW)).toMatchObject({
      behind: true,
      reasons: ['the last cycle left periods unsummarised: day 2024-05-02: summarizer down'],
    });
  });

  it('keeps the failures of the cycles before one that is running, and nothing else of them', () => {
    const failed = {
      ...healthy,
      lastStatus: 'running' as const,
      failedInARow: 2,
      lastError: 'statement x too big',
    };
    expect(cycleHealth(failed, NOW).reasons).toEqual(['the last 2 cycles failed: statement x too big']);
    const afterSuccess = {
      ...healthy,
      lastStatus: 'running' as const,
      lastError: 'day 2024-05-02: summarizer down',
    };
    expect(cycleHealth(afterSuccess, NOW).behind).toBe(false);
  });

  it('does not call a cycle stopped for shutdown behind on its own', () => {
    expect(cycleHealth({ ...healthy, lastStatus: 'stopped' }, NOW).behind).toBe(false);
  });
});
