import type { CalendarLevel } from './levels.js';

/**
 * Calendar periods in a group's IANA time zone, without a date library.
 *
 * Plain dates ("YYYY-MM-DD") are handled as UTC-midnight milliseconds, where every day is exactly 24 hours,
 * so date arithmetic never meets a DST change. Only the conversion between a local date and a real instant
 * looks at the time zone, through Intl.DateTimeFormat.
 */
export interface Period {
  level: CalendarLevel;
  /** Local start date, YYYY-MM-DD; with the group and level it names the period. */
  key: string;
  /** Local start date, inclusive. */
  start: string;
  /** Local start date of the next period (exclusive end). */
  end: string;
  /** ISO UTC instant of the local midnight that starts the period. */
  startsAt: string;
  /** ISO UTC instant of the local midnight that starts the next period (exclusive). */
  endsAt: string;
}

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a plain date at UTC midnight; throws on anything that is not a real calendar date. */
function dateMs(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not an ISO date (YYYY-MM-DD): "${date}"`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  // Checked by arithmetic rather than by formatting the result back: era detection parses the same dates
  // thousands of times a cycle. Date.UTC reads years 0-99 as 1900-1999, so those are no date of theirs.
  if (y < 100 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
    throw new RangeError(`no such calendar date: "${date}"`);
  }
  return Date.UTC(y, m - 1, d);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function formatDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return formatDate(dateMs(date) + days * DAY_MS);
}

/** Whole days from a to b (negative when b is earlier); e.g. the gap between consecutive periods. */
export function daysBetween(a: string, b: string): number {
  return Math.round((dateMs(b) - dateMs(a)) / DAY_MS);
}

/** ISO weekday: Monday 1 ... Sunday 7. */
function isoWeekday(date: string): number {
  const day = new Date(dateMs(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

function firstOfMonth(date: string): string {
  dateMs(date);
  return `${date.slice(0, 7)}-01`;
}

function firstOfNextMonth(date: string): string {
  const ms = dateMs(date);
  const d = new Date(ms);
  return formatDate(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/** ISO 8601 week: weeks start on Monday, and a week belongs to the year that holds its Thursday. */
export function isoWeek(date: string): { year: number; week: number } {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const dayOfYear = daysBetween(`${thursday.slice(0, 4)}-01-01`, thursday);
  return { year, week: Math.floor(dayOfYear / 7) + 1 };
}

// Building a DateTimeFormat is far slower than using one, and the cycle converts many instants per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Zones whose clock is UTC's all year: the default zone, where asking Intl for each instant is wasted work. */
const UTC_ZONES: ReadonlySet<string> = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/Zulu', 'GMT', 'Etc/GMT']);

/** The local wall-clock reading of an instant (to the second), expressed as if it were UTC milliseconds. */
function wallClockMs(instantMs: number, timeZone: string): number {
  if (UTC_ZONES.has(timeZone)) return Math.floor(instantMs / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** UTC offset of the zone at an instant, in milliseconds (local = UTC + offset). */
function offsetAt(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/** The local calendar date of an instant in a zone. */
export function localDate(instant: string | Date, timeZone: string): string {
  return formatDate(wallClockMs(instantMs(instant), timeZone));
}

function instantMs(instant: string | Date): number {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not a valid instant: "${String(instant)}"`);
  return ms;
}

/**
 * The first instant of a local calendar date. The offset that applies at local midnight is not known in
 * advance, so both offsets seen around it (a day before and a day after) are tried; a candidate is right when
 * the zone really shows midnight at it. Two right candidates mean midnight happened twice (clocks went back
 * over it) and the earlier one starts the day. None means clocks jumped over midnight (a DST gap, as in
 * some zones that switch at 00:00), and the day starts at the jump, found by bisection.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const wall = dateMs(date);
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])].sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (wallClockMs(candidate, timeZone) === wall) return new Date(candidate);
  }
  let low = candidates[0] as number;
  let high = candidates[candidates.length - 1] as number;
  // Invariant: low shows an earlier local date than `date`, high shows `date` or later.
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (wallClockMs(mid, timeZone) >= wall) high = mid;
    else low = mid;
  }
  return new Date(high);
}

/** Local start date of the period of `level` that contains the local date `date`. */
function periodStart(level: CalendarLevel, date: string): string {
  if (level === 'day') return date;
  if (level === 'week') return mondayOf(date);
  return firstOfMonth(date);
}

function periodEnd(level: CalendarLevel, start: string): string {
  if (level === 'day') return addDays(start, 1);
  if (level === 'week') return addDays(start, 7);
  return firstOfNextMonth(start);
}

function buildPeriod(level: CalendarLevel, start: string, timeZone: string): Period {
  const end = periodEnd(level, start);
  return {
    level,
    key: start,
    start,
    end,
    startsAt: startOfLocalDay(start, timeZone).toISOString(),
    endsAt: startOfLocalDay(end, timeZone).toISOString(),
  };
}

/** The day, ISO week (Monday start) or calendar month that holds an instant, in the zone's local time. */
export function periodOf(level: CalendarLevel, instant: string | Date, timeZone: string): Period {
  return buildPeriod(level, periodStart(level, localDate(instant, timeZone)), timeZone);
}

/** The period named by its key (its local start date); throws when the key cannot start such a period. */
export function periodForKey(level: CalendarLevel, key: string, timeZone: string): Period {
  if (periodStart(level, key) !== key) {
    throw new RangeError(`"${key}" does not start a ${level} (weeks start on Monday, months on the 1st)`);
  }
  return buildPeriod(level, key, timeZone);
}

/**
 * Key of the period one level up. A day belongs to its ISO week (that week's Monday). A week belongs to the
 * month that holds its Thursday, the ISO 8601 rule that also decides a week's year, so every week has exactly
 * one month even when it straddles two; the month is named by its first day.
 */
export function parentKey(level: 'day' | 'week', key: string): string {
  if (level === 'day') return mondayOf(key);
  if (isoWeekday(key) !== 1) throw new RangeError(`"${key}" is not a Monday, so it does not start a week`);
  return firstOfMonth(addDays(key, 3));
}

/** Keys of the periods one level down: a week's seven days, or the weeks whose Thursday falls in a month. */
export function childKeys(level: 'week' | 'month', key: string): string[] {
  if (level === 'week') {
    if (isoWeekday(key) !== 1) throw new RangeError(`"${key}" is not a Monday, so it does not start a week`);
    return Array.from({ length: 7 }, (_, i) => addDays(key, i));
  }
  if (firstOfMonth(key) !== key) throw new RangeError(`"${key}" is not the first day of a month`);
  const keys: string[] = [];
  // The first Thursday of the month picks the first week; following weeks start 7 days apart.
  const firstThursday = addDays(key, (4 - isoWeekday(key) + 7) % 7);
  for (
    let thursday = firstThursday;
    thursday.slice(0, 7) === key.slice(0, 7);
    thursday = addDays(thursday, 7)
  ) {
    keys.push(addDays(thursday, -3));
  }
  return keys;
}

/** True once the period has been over for at least graceMinutes, so late arrivals have had time to land. */
export function isClosed(period: Period, now: Date, graceMinutes: number): boolean {
  return now.getTime() >= closesAt(period, graceMinutes).getTime();
}

/** The instant the period counts as closed: its end plus the grace period. */
export function closesAt(period: Period, graceMinutes: number): Date {
  return new Date(Date.parse(period.endsAt) + graceMinutes * 60_000);
}
