import { describe, expect, it } from 'vitest';
import { pruneDue, utcDay } from '../../src/domain/prune.js';

describe('utcDay', () => {
  it('is the calendar day of the instant in UTC, whatever the offset it was written with', () => {
    expect(utcDay(new Date('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26');
    expect(utcDay(new Date('2026-11-27T00:30:00+01:00'))).toBe('2026-11-26');
  });
});

describe('pruneDue', () => {
  const now = new Date('2026-11-26T12:00:00Z');

  it('prunes a group never pruned', () => {
    expect(pruneDue(null, now)).toBe(true);
  });

  it('prunes once a UTC day: not again the day it was pruned, again the next', () => {
    expect(pruneDue('2026-11-26', now)).toBe(false);
    expect(pruneDue('2026-11-26', new Date('2026-11-26T23:59:00Z'))).toBe(false);
    expect(pruneDue('2026-11-26', new Date('2026-11-27T00:00:00Z'))).toBe(true);
    expect(pruneDue('2026-11-25', now)).toBe(true);
  });

  it('prunes when the clock went back to an earlier day (a test, a corrected host clock)', () => {
    expect(pruneDue('2026-11-27', now)).toBe(true);
  });
});
