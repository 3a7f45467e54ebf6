import { describe, expect, it } from 'vitest';
import { ageInDays, decayFactor } from '../../src/domain/decay.js';

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
