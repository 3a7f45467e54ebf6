import { describe, expect, it } from 'vitest';
import {
  addDays,
  childKeys,
  closesAt,
  daysBetween,
  isClosed,
  isoWeek,
  localDate,
  parentKey,
  periodForKey,
  periodOf,
  startOfLocalDay,
} from '../../src/domain/periods.js';

const HOUR = 3_600_000;
const hoursLong = (p: { startsAt: string; endsAt: string }) =>
  (Date.parse(p.endsAt) - Date.parse(p.startsAt)) / HOUR;

describe('periodOf: days', () => {
  it('gives the UTC calendar day in UTC', () => {
    expect(periodOf('day', '2024-05-02T09:30:00Z', 'UTC')).toEqual({
      level: 'day',
      key: '2024-05-02',
      start: '2024-05-02',
      end: '2024-05-03',
      startsAt: '2024-05-02T00:00:00.000Z',
      endsAt: '2024-05-03T00:00:00.000Z',
    });
  });

  it('reads UTC days the same through its fast path as through Intl, for UTC and its aliases', () => {
    // Africa/Abidjan keeps UTC's clock all year but is not on the fast path, so it goes through Intl.
    for (let ms = Date.UTC(1969, 11, 31, 23); ms < Date.UTC(2031, 0, 1); ms += 7_777_777_777) {
      for (const instant of [ms, ms + 999, ms - 1]) {
        const asIntl = localDate(new Date(instant), 'Africa/Abidjan');
        for (const zone of ['UTC', 'Etc/UTC', 'GMT']) expect(localDate(new Date(instant), zone)).toBe(asIntl);
      }
    }
    expect(startOfLocalDay('2024-02-29', 'UTC').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it('reads the local day, so one instant lands on different days in different zones', () => {
    const instant = '2024-03-16T03:30:00Z';
    expect(periodOf('day', instant, 'UTC').key).toBe('2024-03-16');
    expect(periodOf('day', instant, 'America/New_York').key).toBe('2024-03-15'); // 23:30 EDT
    expect(periodOf('day', instant, 'Europe/Berlin').key).toBe('2024-03-16');
    const late = new Date('2024-03-15T11:30:00Z');
    expect(periodOf('day', late, 'Pacific/Auckland').key).toBe('2024-03-16'); // 00:30 NZDT
    expect(periodOf('day', late, 'Asia/Kolkata').key).toBe('2024-03-15');
  });

  it('starts the day at local midnight, whole-hour and half-hour offsets alike', () => {
    const kolkata = periodOf('day', '2024-03-16T03:30:00Z', 'Asia/Kolkata');
    expect(kolkata.startsAt).toBe('2024-03-15T18:30:00.000Z');
    expect(kolkata.endsAt).toBe('2024-03-16T18:30:00.000Z');
    const auckland = periodOf('day', '2024-03-15T11:30:00Z', 'Pacific/Auckland');
    expect(auckland.startsAt).toBe('2024-03-15T11:00:00.000Z');
    const newYork = periodOf('day', '2024-03-16T03:30:00Z', 'America/New_York');
    expect(newYork.startsAt).toBe('2024-03-15T04:00:00.000Z');
  });

  it('makes DST days 23 and 25 hours long with the right bounds', () => {
    const springNY = periodOf('day', '2024-03-10T12:00:00Z', 'America/New_York');
    expect([springNY.startsAt, springNY.endsAt]).toEqual([
      '2024-03-10T05:00:00.000Z',
      '2024-03-11T04:00:00.000Z',
    ]);
    expect(hoursLong(springNY)).toBe(23);
    const fallNY = periodOf('day', '2024-11-03T12:00:00Z', 'America/New_York');
    expect([fallNY.startsAt, fallNY.endsAt]).toEqual([
      '2024-11-03T04:00:00.000Z',
      '2024-11-04T05:00:00.000Z',
    ]);
    expect(hoursLong(fallNY)).toBe(25);
    const springBerlin = periodOf('day', '2024-03-31T12:00:00Z', 'Europe/Berlin');
    expect([springBerlin.startsAt, springBerlin.endsAt]).toEqual([
      '2024-03-30T23:00:00.000Z',
      '2024-03-31T22:00:00.000Z',
    ]);
    const fallBerlin = periodOf('day', '2024-10-27T12:00:00Z', 'Europe/Berlin');
    expect(hoursLong(fallBerlin)).toBe(25);
    // Southern hemisphere: New Zealand leaves DST in April and enters it in September.
    const aprilAuckland = periodOf('day', '2024-04-07T00:00:00Z', 'Pacific/Auckland');
    expect([aprilAuckland.startsAt, aprilAuckland.endsAt]).toEqual([
      '2024-04-06T11:00:00.000Z',
      '2024-04-07T12:00:00.000Z',
    ]);
    expect(hoursLong(periodOf('day', '2024-09-29T00:00:00Z', 'Pacific/Auckland'))).toBe(23);
  });

  it('places an instant inside the skipped DST hour on its day', () => {
    // 07:30Z is 03:30 EDT, just after clocks jumped from 02:00 to 03:00.
    expect(periodOf('day', '2024-03-10T07:30:00Z', 'America/New_York').key).toBe('2024-03-10');
  });

  it('starts a day at the jump when clocks skip midnight itself', () => {
    // Havana and Santiago move clocks from 00:00 to 01:00, so these days have no midnight.
    expect(startOfLocalDay('2024-03-10', 'America/Havana').toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect(startOfLocalDay('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
    expect(localDate('2024-09-08T04:00:00Z', 'America/Santiago')).toBe('2024-09-08');
    expect(localDate('2024-09-08T03:59:59Z', 'America/Santiago')).toBe('2024-09-07');
  });

  it('starts a day at its only midnight when clocks fall back across midnight', () => {
    // Santiago goes from 00:00 -03 back to 23:00 -04 on 2024-04-07; 00:00 then happens once, at -04.
    expect(startOfLocalDay('2024-04-07', 'America/Santiago').toISOString()).toBe('2024-04-07T04:00:00.000Z');
    expect(hoursLong(periodForKey('day', '2024-04-06', 'America/Santiago'))).toBe(25);
  });
});

describe('periodOf: bounds hold everywhere', () => {
  const zones = [
    'UTC',
    'America/New_York',
    'Europe/Berlin',
    'Asia/Kolkata',
    'Pacific/Auckland',
    'America/Santiago',
  ];

  it('contains the instant, and its bounds are the first instants of their local dates', () => {
    // A fixed linear congruential sequence: many instants over 2023-2025, the same ones every run.
    let seed = 42;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.parse('2023-01-01T00:00:00Z');
    const span = Date.parse('2026-01-01T00:00:00Z') - from;
    for (let i = 0; i < 300; i++) {
      const instant = new Date(from + Math.floor(next() * span));
      const zone = zones[i % zones.length] as string;
      for (const level of ['day', 'week', 'month'] as const) {
        const p = periodOf(level, instant, zone);
        expect(Date.parse(p.startsAt)).toBeLessThanOrEqual(instant.getTime());
        expect(Date.parse(p.endsAt)).toBeGreaterThan(instant.getTime());
        expect(localDate(p.startsAt, zone)).toBe(p.start);
        expect(localDate(new Date(Date.parse(p.startsAt) - 1), zone)).toBe(addDays(p.start, -1));
        expect(localDate(p.endsAt, zone)).toBe(p.end);
      }
    }
  });
});

describe('periodOf: weeks and months', () => {
  it('uses ISO weeks starting on Monday', () => {
    const week = periodOf('week', '2024-05-02T12:00:00Z', 'UTC');
    expect(week).toMatchObject({ key: '2024-04-29', start: '2024-04-29', end: '2024-05-06' });
    expect(periodOf('week', '2024-05-05T23:59:59Z', 'UTC').key).toBe('2024-04-29'); // Sunday
    expect(periodOf('week', '2024-05-06T00:00:00Z', 'UTC').key).toBe('2024-05-06'); // Monday
  });

  it('lets a week span the end of a year', () => {
    const week = periodOf('week', '2021-01-03T12:00:00Z', 'UTC');
    expect(week).toMatchObject({ key: '2020-12-28', end: '2021-01-04' });
  });

  it('gives a week across a DST change 167 hours', () => {
    const week = periodOf('week', '2024-03-27T12:00:00Z', 'Europe/Berlin');
    expect(week).toMatchObject({
      key: '2024-03-25',
      startsAt: '2024-03-24T23:00:00.000Z',
      endsAt: '2024-03-31T22:00:00.000Z',
    });
    expect(hoursLong(week)).toBe(167);
  });

  it('assigns a Sunday-evening New York instant to its local week, not the UTC one', () => {
    // Monday 2024-05-06 01:00Z is still Sunday 21:00 in New York.
    expect(periodOf('week', '2024-05-06T01:00:00Z', 'America/New_York').key).toBe('2024-04-29');
    expect(periodOf('week', '2024-05-06T01:00:00Z', 'UTC').key).toBe('2024-05-06');
  });

  it('ends months correctly, leap years included', () => {
    expect(periodOf('month', '2024-01-31T12:00:00Z', 'UTC')).toMatchObject({
      key: '2024-01-01',
      end: '2024-02-01',
    });
    const leapFeb = periodOf('month', '2024-02-29T12:00:00Z', 'UTC');
    expect(leapFeb).toMatchObject({ key: '2024-02-01', end: '2024-03-01' });
    expect(daysBetween(leapFeb.start, leapFeb.end)).toBe(29);
    const feb = periodOf('month', '2023-02-15T12:00:00Z', 'UTC');
    expect(daysBetween(feb.start, feb.end)).toBe(28);
    expect(periodOf('month', '2024-12-31T23:00:00Z', 'UTC').end).toBe('2025-01-01');
  });

  it('reads the month in local time', () => {
    // 03:00Z on 1 March is 22:00 on 29 February in New York.
    const month = periodOf('month', '2024-03-01T03:00:00Z', 'America/New_York');
    expect(month).toMatchObject({
      key: '2024-02-01',
      startsAt: '2024-02-01T05:00:00.000Z',
      endsAt: '2024-03-01T05:00:00.000Z',
    });
  });

  it('places the leap day in its day, week and month', () => {
    const instant = '2024-02-29T10:00:00Z';
    expect(periodOf('day', instant, 'UTC')).toMatchObject({ key: '2024-02-29', end: '2024-03-01' });
    expect(periodOf('week', instant, 'UTC').key).toBe('2024-02-26');
    expect(periodOf('month', instant, 'UTC').key).toBe('2024-02-01');
  });
});

describe('periodForKey', () => {
  it('rebuilds the period that periodOf gave', () => {
    for (const level of ['day', 'week', 'month'] as const) {
      const period = periodOf(level, '2024-10-27T12:00:00Z', 'Europe/Berlin');
      expect(periodForKey(level, period.key, 'Europe/Berlin')).toEqual(period);
    }
  });

  it('rejects keys that cannot start a period, and dates that do not exist', () => {
    expect(() => periodForKey('week', '2024-05-01', 'UTC')).toThrow(/Monday/);
    expect(() => periodForKey('month', '2024-05-02', 'UTC')).toThrow(/1st/);
    expect(() => periodForKey('day', '2023-02-29', 'UTC')).toThrow(/no such calendar date/);
    expect(() => periodForKey('day', '2024/02/01', 'UTC')).toThrow(/YYYY-MM-DD/);
  });
});

describe('addDays and daysBetween on plain dates', () => {
  it('accept exactly the dates the calendar has, as a round trip through Date does', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    for (const year of [1, 99, 100, 1900, 1970, 2000, 2023, 2024, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const roundTrip = new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === date;
          if (roundTrip) expect(addDays(date, 0)).toBe(date);
          else expect(() => addDays(date, 0), date).toThrow(/no such calendar date/);
        }
      }
    }
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
  });
});

describe('isoWeek', () => {
  it('handles week 53 and the turn of the year', () => {
    expect(isoWeek('2020-12-31')).toEqual({ year: 2020, week: 53 });
    expect(isoWeek('2021-01-03')).toEqual({ year: 2020, week: 53 });
    expect(isoWeek('2021-01-04')).toEqual({ year: 2021, week: 1 });
    expect(isoWeek('2019-12-30')).toEqual({ year: 2020, week: 1 });
    expect(isoWeek('2026-12-31')).toEqual({ year: 2026, week: 53 });
    expect(isoWeek('2023-12-31')).toEqual({ year: 2023, week: 52 });
  });

  it('counts ordinary weeks', () => {
    expect(isoWeek('2024-01-01')).toEqual({ year: 2024, week: 1 });
    expect(isoWeek('2024-02-29')).toEqual({ year: 2024, week: 9 });
  });
});

describe('parentKey and childKeys', () => {
  it('puts a day in its ISO week', () => {
    expect(parentKey('day', '2024-02-29')).toBe('2024-02-26');
    expect(parentKey('day', '2024-02-26')).toBe('2024-02-26');
    expect(parentKey('day', '2021-01-03')).toBe('2020-12-28');
  });

  it('puts a week straddling two months in the month of its Thursday', () => {
    // 29 Apr - 5 May 2024: Thursday is 2 May, so the week belongs to May.
    expect(parentKey('week', '2024-04-29')).toBe('2024-05-01');
    // 27 May - 2 Jun 2024: Thursday is 30 May, so May again.
    expect(parentKey('week', '2024-05-27')).toBe('2024-05-01');
    // 28 Dec 2020 - 3 Jan 2021: Thursday is 31 Dec.
    expect(parentKey('week', '2020-12-28')).toBe('2020-12-01');
    expect(() => parentKey('week', '2024-05-01')).toThrow(/Monday/);
  });

  it('lists the children that name this parent', () => {
    const weeks = childKeys('month', '2024-05-01');
    expect(weeks).toEqual(['2024-04-29', '2024-05-06', '2024-05-13', '2024-05-20', '2024-05-27']);
    for (const week of weeks) expect(parentKey('week', week)).toBe('2024-05-01');
    expect(childKeys('month', '2024-06-01')[0]).toBe('2024-06-03');
    const days = childKeys('week', '2020-12-28');
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toBe('2021-01-03');
    for (const day of days) expect(parentKey('day', day)).toBe('2020-12-28');
  });
});

describe('isClosed', () => {
  const day = periodOf('day', '2024-05-02T09:30:00Z', 'UTC');

  it('waits for the grace period after the end', () => {
    expect(isClosed(day, new Date('2024-05-02T23:59:59Z'), 0)).toBe(false);
    expect(isClosed(day, new Date('2024-05-03T00:00:00Z'), 0)).toBe(true);
    expect(isClosed(day, new Date('2024-05-03T00:59:00Z'), 60)).toBe(false);
    expect(isClosed(day, new Date('2024-05-03T01:00:00Z'), 60)).toBe(true);
  });

  it('says when a period closes: its end plus the grace period, in its time zone', () => {
    expect(closesAt(day, 60).toISOString()).toBe('2024-05-03T01:00:00.000Z');
    const month = periodForKey('month', '2024-03-01', 'Europe/Berlin');
    expect(closesAt(month, 0).toISOString()).toBe('2024-03-31T22:00:00.000Z');
  });
});

describe('date arithmetic', () => {
  it('counts days between dates, in either direction', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2023-02-28', '2023-03-01')).toBe(1);
    expect(daysBetween('2024-03-01', '2024-02-28')).toBe(-2);
    expect(daysBetween('2024-03-09', '2024-03-11')).toBe(2); // across a US DST change
    expect(daysBetween('2020-12-28', '2021-01-04')).toBe(7);
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-01-01', -1)).toBe('2023-12-31');
  });
});
