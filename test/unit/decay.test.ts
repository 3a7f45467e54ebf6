import { describe, expect, it } from 'vitest';
import {
  ageInDays,
  archiveBounds,
  decayedBefore,
  decayFactor,
  decayReadFrom,
  decayRefreshDue,
  decaySettingsKey,
} from '../../src/domain/decay.js';

const day = { startDays: 7, maxAgeDays: 14 };
const week = { startDays: 30, maxAgeDays: 90 };
const month = { startDays: 90, maxAgeDays: 365 };

describe('decayFactor', () => {
  it('keeps full weight until startDays', () => {
    expect(decayFactor(0, day)).toBe(1);
    expect(decayFactor(7, day)).toBe(1);
    expect(decayFactor(30, week)).toBe(1);
    expect(decayFactor(90, month)).toBe(1);
  });

  it('halves every third of the way to maxAgeDays, reaching 1/8 at maxAgeDays', () => {
    expect(decayFactor(14, day)).toBeCloseTo(0.125, 10);
    expect(decayFactor(7 + 7 / 3, day)).toBeCloseTo(0.5, 10);
    expect(decayFactor(50, week)).toBeCloseTo(0.5, 10);
    expect(decayFactor(90, week)).toBeCloseTo(0.125, 10);
    expect(decayFactor(365, month)).toBeCloseTo(0.125, 10);
    expect(decayFactor(90 + 275 / 3, month)).toBeCloseTo(0.5, 10);
  });

  it('keeps falling past maxAgeDays without reaching zero', () => {
    const old = decayFactor(28, day);
    expect(old).toBeCloseTo(0.125 ** 3, 10);
    expect(old).toBeGreaterThan(0);
    expect(decayFactor(20, day)).toBeLessThan(decayFactor(19, day));
  });

  it('does not decay ages in the future or unknown ages', () => {
    expect(decayFactor(-3, day)).toBe(1);
    expect(decayFactor(Number.NaN, week)).toBe(1);
  });
});

describe('ageInDays', () => {
  const now = new Date('2024-05-10T12:00:00Z');

  it('measures fractional days from a period end, as a date or an instant', () => {
    expect(ageInDays('2024-05-03', now)).toBe(7.5);
    expect(ageInDays('2024-05-03T12:00:00Z', now)).toBe(7);
    expect(ageInDays(new Date('2024-05-09T12:00:00Z'), now)).toBe(1);
  });

  it('is negative for an end still ahead, and rejects nonsense', () => {
    expect(ageInDays('2024-05-11T12:00:00Z', now)).toBe(-1);
    expect(() => ageInDays('soon', now)).toThrow(/not a valid/);
  });
});

describe('decayRefreshDue', () => {
  const settings = { day, week, month };
  const key = decaySettingsKey(settings);
  const clock = new Date('2024-05-01T12:00:00Z');
  const last = { clock: clock.toISOString(), settings: key };
  const minutes = (n: number) => new Date(clock.getTime() + n * 60_000);

  it('refreshes a group never refreshed', () => {
    expect(decayRefreshDue(null, clock, settings)).toBe(true);
  });

  it('waits until the clock has moved by 1 % of the shortest half-life (days: 7/3 days, so 34 minutes)', () => {
    expect(decayRefreshDue(last, clock, settings)).toBe(false);
    expect(decayRefreshDue(last, minutes(5), settings)).toBe(false);
    expect(decayRefreshDue(last, minutes(33), settings)).toBe(false);
    expect(decayRefreshDue(last, minutes(34), settings)).toBe(true);
    // A clock set back (a memory's time corrected) counts as a move too.
    expect(decayRefreshDue(last, minutes(-34), settings)).toBe(true);
  });

  it('follows the shortest half-life of the settings', () => {
    const slow = { day: { startDays: 7, maxAgeDays: 37 }, week, month };
    const slowLast = { clock: clock.toISOString(), settings: decaySettingsKey(slow) };
    // Days now halve every 10 days: 1 % of that is 144 minutes.
    expect(decayRefreshDue(slowLast, minutes(140), slow)).toBe(false);
    expect(decayRefreshDue(slowLast, minutes(150), slow)).toBe(true);
  });

  it('refreshes at once when any setting changed', () => {
    const changed = { ...settings, month: { startDays: 90, maxAgeDays: 400 } };
    expect(decayRefreshDue(last, minutes(1), changed)).toBe(true);
    expect(decaySettingsKey(changed)).not.toBe(key);
    // The key does not depend on the order the levels come in.
    expect(decaySettingsKey({ month, week, day })).toBe(key);
  });
});

describe('decayReadFrom', () => {
  const settings = { day, week, month };
  const levels = ['session', 'day', 'week', 'month'];
  const clock = new Date('2024-05-01T00:00:00Z');
  const last = (at: string) => ({ clock: at, settings: decaySettingsKey(settings) });
  const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * 86_400_000).toISOString();

  it('reads every summary at the first refresh and after the settings changed', () => {
    expect(decayReadFrom(null, clock, settings, levels)).toEqual({
      session: null,
      day: null,
      week: null,
      month: null,
    });
    const stale = { clock: clock.toISOString(), settings: 'other settings' };
    expect(Object.values(decayReadFrom(stale, clock, settings, levels))).toEqual([null, null, null, null]);
  });

  it('reads from startDays plus 20 half-lives before the earlier of the two clocks, sessions as days', () => {
    const before = new Date('2024-04-30T00:00:00Z');
    const from = decayReadFrom(last(before.toISOString()), clock, settings, levels);
    // Days: 7 + 20 * 7/3 days; weeks: 30 + 20 * 20; months: 90 + 20 * 275/3.
    expect(from.day).toBe(daysBefore(before, 7 + (20 * 7) / 3));
    expect(from.session).toBe(from.day);
    expect(from.week).toBe(daysBefore(before, 430));
    expect(from.month).toBe(daysBefore(before, 90 + (20 * 275) / 3));
    // A clock set back reads from its own horizon, the earlier one.
    const back = new Date('2024-04-01T00:00:00Z');
    expect(decayReadFrom(last(clock.toISOString()), back, settings, levels).day).toBe(
      daysBefore(back, 7 + (20 * 7) / 3),
    );
  });

  it('leaves out only decays below a millionth', () => {
    expect(decayFactor(7 + (20 * 7) / 3, day)).toBeLessThan(1e-6);
    expect(decayFactor(7 + (19 * 7) / 3, day)).toBeGreaterThan(1e-6);
  });
});

describe('decayedBefore', () => {
  const clock = new Date('2024-05-01T00:00:00Z');
  const ageAt = (end: string | null) => (clock.getTime() - Date.parse(end as string)) / 86_400_000;

  it('is the end whose decay at the clock is exactly minDecay', () => {
    for (const setting of [day, week, month]) {
      for (const minDecay of [0.5, 0.1, 0.01]) {
        expect(decayFactor(ageAt(decayedBefore(clock, setting, minDecay)), setting)).toBeCloseTo(minDecay, 9);
      }
    }
    // Days with the defaults: 7 + 7/3 * log2(10) days, about 14.75.
    expect(ageAt(decayedBefore(clock, day, 0.1))).toBeCloseTo(14.75, 2);
  });

  it('takes every summary past startDays at a minDecay of 1, and none below 0', () => {
    expect(ageAt(decayedBefore(clock, week, 1))).toBe(30);
    expect(decayFactor(30.001, week)).toBeLessThan(1);
    expect(decayedBefore(clock, day, 0)).toBeNull();
    expect(decayedBefore(clock, day, -1)).toBeNull();
  });

  it('is later for a later clock, by the same amount', () => {
    const later = new Date(clock.getTime() + 86_400_000);
    expect(Date.parse(decayedBefore(later, day, 0.1) as string)).toBe(
      Date.parse(decayedBefore(clock, day, 0.1) as string) + 86_400_000,
    );
  });
});

describe('archiveBounds', () => {
  const clock = new Date('2024-05-01T00:00:00Z');
  const settings = { day, week, month };

  it("gives each level its own end, sessions the days'", () => {
    expect(archiveBounds(clock, settings, 0.1, ['session', 'day', 'week'])).toEqual([
      { level: 'session', endsBefore: decayedBefore(clock, day, 0.1) },
      { level: 'day', endsBefore: decayedBefore(clock, day, 0.1) },
      { level: 'week', endsBefore: decayedBefore(clock, week, 0.1) },
    ]);
  });

  it('leaves out levels with no setting, and every level when no decay falls below the threshold', () => {
    expect(archiveBounds(clock, { day }, 0.1, ['day', 'week']).map((b) => b.level)).toEqual(['day']);
    expect(archiveBounds(clock, settings, 0, ['session', 'day', 'week'])).toEqual([]);
  });
});
