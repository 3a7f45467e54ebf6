import { monthIndex, type NamedPeriod } from './named-period.js';
import { addDays, localDate, startOfLocalDay } from './periods.js';

/**
 * The period a query names relative to the moment it is asked ("yesterday", "two weeks ago", "last Saturday",
 * "this spring", "in March", "the past two weeks"), on the group's calendar. A question carries such words far more
 * often than a date written out, and the messages it is after carry their day in their time, not their words.
 *
 * Periods are local dates [start, end) here; recall turns them into instants in the group's zone. Only the first
 * expression found counts, as with a date written out.
 */
export interface LocalSpan {
  /** Local dates, YYYY-MM-DD: the first day and the day after the last. */
  start: string;
  end: string;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  'a couple of': 2,
  couple: 2,
  'a few': 3,
  few: 3,
  several: 4,
};
const COUNT = `(\\d{1,3}|a couple of|a few|couple|few|several|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const UNIT = '(day|week|month|year)s?';
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAY = `(${WEEKDAYS.join('|')})`;
const SEASON = '(spring|summer|autumn|fall|winter)';
const MONTH_NAME =
  '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)';

/** Each pattern with what it names, tried in order: the longer phrases before the ones they contain. */
const RULES: [RegExp, (m: RegExpExecArray, today: string) => LocalSpan | null][] = [
  [/\bthe day before yesterday\b/i, (_, t) => days(addDays(t, -2), 1)],
  [/\byesterday\b/i, (_, t) => days(addDays(t, -1), 1)],
  [/\b(?:today|tonight|this (?:morning|afternoon|evening))\b/i, (_, t) => days(t, 1)],
  // "the past two weeks", "in the last 3 days", "over the past month": up to the moment asked.
  [
    new RegExp(`\\b(?:the|these) (?:past|last) (?:${COUNT} )?${UNIT}\\b`, 'i'),
    (m, t) => ({ start: back(t, m[2] as string, count(m[1]) ?? 1), end: addDays(t, 1) }),
  ],
  [new RegExp(`\\b${COUNT} ${UNIT} ago\\b`, 'i'), (m, t) => ago(t, m[2] as string, count(m[1]) ?? 1)],
  [
    /\bearlier this (week|month|year)\b/i,
    (m, t) => ({ start: unitStart(t, m[1] as string), end: addDays(t, 1) }),
  ],
  [/\blast weekend\b/i, (_, t) => days(addDays(mondayOf(t), -2), 2)],
  [/\bthis weekend\b/i, (_, t) => days(addDays(mondayOf(t), 5), 2)],
  [/\blast (week|month|year)\b/i, (m, t) => previousUnit(t, m[1] as string)],
  [/\bthis (week|month|year)\b/i, (m, t) => ({ start: unitStart(t, m[1] as string), end: addDays(t, 1) })],
  [
    new RegExp(`\\b(?:last|this past|past|on|this) ${WEEKDAY}\\b`, 'i'),
    (m, t) => lastWeekday(t, m[1] as string),
  ],
  [new RegExp(`\\b(last|this|past) ${SEASON}\\b`, 'i'), (m, t) => season(t, m[2] as string, m[1] === 'last')],
  // A month and day without a year: the last such day on or before the moment asked.
  [
    new RegExp(`\\b${MONTH_NAME}\\.? (\\d{1,2})(?:st|nd|rd|th)?\\b`, 'i'),
    (m, t) => monthDay(t, monthIndex(m[1] as string), Number(m[2])),
  ],
  [
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH_NAME}\\b`, 'i'),
    (m, t) => monthDay(t, monthIndex(m[2] as string), Number(m[1])),
  ],
  // "in March", "since early May": the last such month that began on or before the moment asked. A preposition
  // is asked for, as "may" and "march" are words too.
  [
    new RegExp(
      `\\b(?:in|during|since|early|late|mid-?|last|this|of) (?:early |late |mid-?)?${MONTH_NAME}\\b`,
      'i',
    ),
    (m, t) => lastMonth(t, monthIndex(m[1] as string)),
  ],
];

/** The span the query names relative to the local date it is asked on; null when it names none. */
export function relativeSpan(query: string, today: string): LocalSpan | null {
  for (const [pattern, span] of RULES) {
    const match = pattern.exec(query);
    if (match) {
      const found = span(match, today);
      if (found) return found;
    }
  }
  return null;
}

/** Whether the query holds any expression relative to when it is asked (cheap: no calendar is read). */
export function namesRelativePeriod(query: string): boolean {
  return RULES.some(([pattern]) => pattern.test(query));
}

/**
 * The same as instants in the group's zone, widened by a day on each side as a date written out is
 * (domain/named-period.ts): a thing done late one day is told the next.
 */
export function relativePeriod(query: string, asOf: Date, timeZone: string): NamedPeriod | null {
  const span = relativeSpan(query, localDate(asOf, timeZone));
  if (!span) return null;
  return {
    from: startOfLocalDay(addDays(span.start, -1), timeZone).toISOString(),
    to: startOfLocalDay(addDays(span.end, 1), timeZone).toISOString(),
  };
}

function count(word: string | undefined): number | null {
  if (word === undefined) return null;
  const lower = word.toLowerCase();
  return /^\d+$/.test(lower) ? Number(lower) : (NUMBER_WORDS[lower] ?? null);
}

function days(start: string, length: number): LocalSpan {
  return { start, end: addDays(start, length) };
}

function unitOf(word: string): 'day' | 'week' | 'month' | 'year' {
  return word.toLowerCase().replace(/s$/, '') as 'day' | 'week' | 'month' | 'year';
}

/** The local date n units before today. */
function back(today: string, unit: string, n: number): string {
  switch (unitOf(unit)) {
    case 'day':
      return addDays(today, -n);
    case 'week':
      return addDays(today, -7 * n);
    case 'month':
      return shiftMonths(today, -n);
    default:
      return shiftMonths(today, -12 * n);
  }
}

/**
 * "N units ago" is told loosely: a day is that day, a week that day give or take half a week, a month give or take
 * half a month, a year give or take a season.
 */
function ago(today: string, unit: string, n: number): LocalSpan {
  const centre = back(today, unit, n);
  const half = { day: 0, week: 3, month: 15, year: 60 }[unitOf(unit)];
  return { start: addDays(centre, -half), end: addDays(centre, half + 1) };
}

function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

function unitStart(today: string, unit: string): string {
  switch (unitOf(unit)) {
    case 'week':
      return mondayOf(today);
    case 'month':
      return `${today.slice(0, 7)}-01`;
    default:
      return `${today.slice(0, 4)}-01-01`;
  }
}

function previousUnit(today: string, unit: string): LocalSpan {
  const end = unitStart(today, unit);
  const start = unitOf(unit) === 'week' ? addDays(end, -7) : back(end, unit, 1);
  return { start, end };
}

/** The latest such weekday before today. */
function lastWeekday(today: string, name: string): LocalSpan {
  const wanted = WEEKDAYS.indexOf(name.toLowerCase());
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const back = (weekday - wanted + 7) % 7 || 7;
  return days(addDays(today, -back), 1);
}

/** Seasons of the northern calendar: spring from March, summer from June, autumn from September, winter from December. */
function season(today: string, name: string, last: boolean): LocalSpan {
  const first = { spring: 3, summer: 6, autumn: 9, fall: 9, winter: 12 }[name.toLowerCase()] as number;
  let year = Number(today.slice(0, 4));
  let start = monthStart(year, first);
  // The latest such season that began on or before today ("this"), or the one before it when today is inside it.
  while (start > today) start = monthStart(--year, first);
  const end = shiftMonths(start, 3);
  if (last && today < end) return { start: shiftMonths(start, -12), end: shiftMonths(end, -12) };
  return { start, end };
}

function lastMonth(today: string, month: number): LocalSpan | null {
  if (month < 0) return null;
  let year = Number(today.slice(0, 4));
  if (monthStart(year, month + 1) > today) year -= 1;
  const start = monthStart(year, month + 1);
  return { start, end: shiftMonths(start, 1) };
}

function monthDay(today: string, month: number, day: number): LocalSpan | null {
  if (month < 0 || day < 1 || day > 31) return null;
  for (let year = Number(today.slice(0, 4)); year >= Number(today.slice(0, 4)) - 1; year--) {
    const date = `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const real = new Date(`${date}T00:00:00Z`);
    if (real.getUTCMonth() !== month) return null;
    if (date <= today) return days(date, 1);
  }
  return null;
}

function monthStart(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}-01`;
}

/** The same day of the month n months on, clamped to the month's end. */
function shiftMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
