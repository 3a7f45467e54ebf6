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

/** Days for the decay to halve: three half-lives fit between startDays and maxAgeDays. */
function halfLifeDays(setting: DecaySetting): number {
  return (setting.maxAgeDays - setting.startDays) / 3;
}

/**
 * How far stored decay may lag: it is refreshed once the group's clock has moved by 1 % of the shortest half-life
 * since the last refresh (34 minutes with the default settings), so no stored value is off by more than about 1 %.
 * Decay runs on the group's clock, which a live group moves at every cycle (every five minutes by default); refreshed
 * at every cycle, every summary in its decay phase was written again each time, and all of them read.
 */
export const DECAY_REFRESH_SHARE = 0.01;

/** A level's decay setting: sessions decay as the days that cover their memories. */
export function decaySettingOf(
  settings: Record<string, DecaySetting>,
  level: string,
): DecaySetting | undefined {
  return settings[level === 'session' ? 'day' : level];
}

/** The clock and the settings of a group's last decay refresh. */
export interface DecayRefresh {
  clock: string;
  settings: string;
}

/** The settings as one string, so that a change of any of them shows (and brings a refresh). */
export function decaySettingsKey(settings: Record<string, DecaySetting>): string {
  return JSON.stringify(
    Object.keys(settings)
      .sort()
      .map((level) => [level, settings[level]?.startDays, settings[level]?.maxAgeDays]),
  );
}

/**
 * Half-lives after startDays by which a decay is below a millionth (2^-20), which refresh-decay does not write again:
 * a summary that ended that long before the clock has nothing left to refresh.
 */
const SETTLED_HALF_LIVES = 20;

/**
 * From which end (ISO instant) a refresh reads each level's summaries; null for all of them. Those that ended before
 * the horizon (startDays plus 20 half-lives) of the earlier of this clock and the last refresh's were already
 * settled at that refresh, to a value below a millionth that has only fallen since. The first refresh, and one after
 * the settings changed, reads every summary. Sessions follow the day settings.
 */
export function decayReadFrom(
  last: DecayRefresh | null,
  clock: Date,
  settings: Record<string, DecaySetting>,
  levels: readonly string[],
): Record<string, string | null> {
  const sameSettings = last !== null && last.settings === decaySettingsKey(settings);
  const from = (setting: DecaySetting | undefined): string | null => {
    if (!last || !sameSettings || !setting) return null;
    const horizonDays = setting.startDays + SETTLED_HALF_LIVES * halfLifeDays(setting);
    const earlier = Math.min(clock.getTime(), Date.parse(last.clock));
    return new Date(earlier - horizonDays * DAY_MS).toISOString();
  };
  return Object.fromEntries(levels.map((level) => [level, from(decaySettingOf(settings, level))]));
}

/**
 * The end before which a summary's decay at `clock` is below `minDecay`: every summary whose stored decay is below it
 * ended before this, since that decay was computed on a clock no later than this one. Archiving reads a level's
 * summaries up to here and no further. Null when no age brings a decay that low (a `minDecay` of 0 or less).
 */
export function decayedBefore(clock: Date, setting: DecaySetting, minDecay: number): string | null {
  if (!(minDecay > 0)) return null;
  const halfLife = halfLifeDays(setting);
  // decayFactor: 1 until startDays, then halving every halfLife (nothing left past startDays without a half-life).
  const ageDays = setting.startDays + (halfLife > 0 ? halfLife * Math.log2(1 / Math.min(minDecay, 1)) : 0);
  return new Date(clock.getTime() - ageDays * DAY_MS).toISOString();
}

/** A level that is archived, and the end (ISO instant) before which its summaries have decayed. */
export interface ArchiveBound {
  level: string;
  endsBefore: string;
}

/**
 * Each of `levels` with the end before which its summaries have decayed below `minDecay` at `clock`: archiving reads
 * no further. A level none of whose decays falls that low is left out.
 */
export function archiveBounds(
  clock: Date,
  settings: Record<string, DecaySetting>,
  minDecay: number,
  levels: readonly string[],
): ArchiveBound[] {
  return levels.flatMap((level) => {
    const setting = decaySettingOf(settings, level);
    const endsBefore = setting ? decayedBefore(clock, setting, minDecay) : null;
    return endsBefore ? [{ level, endsBefore }] : [];
  });
}

/** Whether decay is refreshed at `clock`: never before, the settings changed, or the clock moved far enough. */
export function decayRefreshDue(
  last: DecayRefresh | null,
  clock: Date,
  settings: Record<string, DecaySetting>,
): boolean {
  if (!last || last.settings !== decaySettingsKey(settings)) return true;
  const shortest = Math.min(
    ...Object.values(settings)
      .map(halfLifeDays)
      .filter((h) => h > 0),
  );
  const movedDays = Math.abs(clock.getTime() - Date.parse(last.clock)) / DAY_MS;
  return !(movedDays < DECAY_REFRESH_SHARE * shortest);
}

export function decayFactor(ageDays: number, setting: DecaySetting): number {
  const { startDays } = setting;
  // Also catches NaN and ages in the future (clock skew, periods not over yet): no decay.
  if (!(ageDays > startDays)) return 1;
  const halfLife = halfLifeDays(setting);
  if (!(halfLife > 0)) return 0;
  return Math.exp((-Math.LN2 * (ageDays - startDays)) / halfLife);
}

/** Fractional days from the end of a period (ISO date or instant) to now; negative when the end is ahead. */
export function ageInDays(periodEnd: string | Date, now: Date): number {
  const endMs = typeof periodEnd === 'string' ? Date.parse(periodEnd) : periodEnd.getTime();
  if (Number.isNaN(endMs)) throw new RangeError(`not a valid date or instant: "${String(periodEnd)}"`);
  return (now.getTime() - endMs) / DAY_MS;
}
