/**
 * Relevance decay of a summary by age. A summary keeps full weight for startDays, then halves every
 * halfLife days, with halfLife chosen so that three half-lives fit between startDays and maxAgeDays:
 * at maxAgeDays the factor is 1/8. Finer levels fade sooner because coarser ones carry their gist.
 */
export interface DecaySetting {
  startDays: number;
  maxAgeDays: number;
}

const DAY_MS = 86_400_000;

export function decayFactor(ageDays: number, setting: DecaySetting): number {
  const { startDays, maxAgeDays } = setting;
  // Also catches NaN and ages in the future (clock skew, periods not over yet): no decay.
  if (!(ageDays > startDays)) return 1;
  const halfLife = (maxAgeDays - startDays) / 3;
  if (!(halfLife > 0)) return 0;
  return Math.exp((-Math.LN2 * (ageDays - startDays)) / halfLife);
}

/** Fractional days from the end of a period (ISO date or instant) to now; negative when the end is ahead. */
export function ageInDays(periodEnd: string | Date, now: Date): number {
  const endMs = typeof periodEnd === 'string' ? Date.parse(periodEnd) : periodEnd.getTime();
  if (Number.isNaN(endMs)) throw new RangeError(`not a valid date or instant: "${String(periodEnd)}"`);
  return (now.getTime() - endMs) / DAY_MS;
}
