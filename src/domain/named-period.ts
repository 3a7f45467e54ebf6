/**
 * The calendar period a query names outright: "on 3 June, 2023", "October 13, 2023", "in December 2023",
 * "2023-06-03". Messages carry their day in their time rather than in their words, so recall favours the hits
 * of that period (src/recall/recall.ts). Relative dates ("last week") and months without a year are read against the
 * moment the question is asked, in domain/relative-period.ts.
 */

export interface NamedPeriod {
  /** Inclusive start and exclusive end, as ISO instants (UTC). */
  from: string;
  to: string;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH = `(${MONTHS.join('|')}|${MONTHS.map((m) => m.slice(0, 3)).join('|')})\\.?`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '(\\d{4})';

const DAY_MONTH_YEAR = new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH},?\\s+${YEAR}\\b`, 'i');
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH}\\s+${DAY},?\\s+${YEAR}\\b`, 'i');
const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const MONTH_YEAR = new RegExp(`\\b${MONTH},?\\s+${YEAR}\\b`, 'i');

/** A day either side: the group's time zone is not known here, and a thing done late one day is told the next. */
const SLACK_MS = 86_400_000;

/** The first period the query names, widened by a day on each side; null when it names none. */
export function namedPeriod(query: string): NamedPeriod | null {
  const dmy = DAY_MONTH_YEAR.exec(query);
  if (dmy) return day(Number(dmy[3]), monthIndex(dmy[2] as string), Number(dmy[1]));
  const mdy = MONTH_DAY_YEAR.exec(query);
  if (mdy) return day(Number(mdy[3]), monthIndex(mdy[1] as string), Number(mdy[2]));
  const iso = ISO_DAY.exec(query);
  if (iso) return day(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const my = MONTH_YEAR.exec(query);
  if (my)
    return span(
      Date.UTC(Number(my[2]), monthIndex(my[1] as string), 1),
      Date.UTC(Number(my[2]), monthIndex(my[1] as string) + 1, 1),
    );
  return null;
}

/** The month (0-11) an English month name or its abbreviation of three letters or more names ("Sept."); -1 if none. */
export function monthIndex(name: string): number {
  const written = name.toLowerCase().replace(/\.$/, '');
  if (written.length < 3) return -1;
  return MONTHS.findIndex((m) => m.startsWith(written));
}

function day(year: number, month: number, date: number): NamedPeriod | null {
  const start = Date.UTC(year, month, date);
  // Date.UTC rolls 31 June over to 1 July: such a day is not a date, so the query names no period.
  if (month < 0 || new Date(start).getUTCDate() !== date || new Date(start).getUTCMonth() !== month)
    return null;
  return span(start, start + 86_400_000);
}

function span(startMs: number, endMs: number): NamedPeriod {
  return {
    from: new Date(startMs - SLACK_MS).toISOString(),
    to: new Date(endMs + SLACK_MS).toISOString(),
  };
}
