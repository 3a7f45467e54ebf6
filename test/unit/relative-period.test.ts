import { describe, expect, it } from 'vitest';
import { namesRelativePeriod, relativePeriod, relativeSpan } from '../../src/domain/relative-period.js';

/** Asked on Tuesday 30 May 2023. */
const TODAY = '2023-05-30';
const span = (query: string, today = TODAY) => relativeSpan(query, today);

describe('relativeSpan', () => {
  it('reads days around the moment asked', () => {
    expect(span('what did I cook yesterday?')).toEqual({ start: '2023-05-29', end: '2023-05-30' });
    expect(span('the day before yesterday')).toEqual({ start: '2023-05-28', end: '2023-05-29' });
    expect(span('what is on today')).toEqual({ start: '2023-05-30', end: '2023-05-31' });
    expect(span('I went there 3 days ago')).toEqual({ start: '2023-05-27', end: '2023-05-28' });
  });

  it('reads weeks, months and years ago loosely, and the past N units up to today', () => {
    expect(span('a concert two weeks ago')).toEqual({ start: '2023-05-13', end: '2023-05-20' });
    expect(span('the book I got a month ago')).toEqual({ start: '2023-04-15', end: '2023-05-16' });
    expect(span('what did I buy in the past two weeks?')).toEqual({ start: '2023-05-16', end: '2023-05-31' });
    expect(span('over the last month')).toEqual({ start: '2023-04-30', end: '2023-05-31' });
  });

  it('reads last and this week, month, year and weekend on the calendar', () => {
    expect(span('what did we decide last week')).toEqual({ start: '2023-05-22', end: '2023-05-29' });
    expect(span('last month')).toEqual({ start: '2023-04-01', end: '2023-05-01' });
    expect(span('last year')).toEqual({ start: '2022-01-01', end: '2023-01-01' });
    expect(span('earlier this month')).toEqual({ start: '2023-05-01', end: '2023-05-31' });
    expect(span('last weekend')).toEqual({ start: '2023-05-27', end: '2023-05-29' });
  });

  it('reads a weekday as the latest one before today', () => {
    expect(span('last Saturday')).toEqual({ start: '2023-05-27', end: '2023-05-28' });
    // Today is a Tuesday: "last Tuesday" is a week ago.
    expect(span('on Tuesday')).toEqual({ start: '2023-05-23', end: '2023-05-24' });
  });

  it('reads seasons and months without a year as the latest before today', () => {
    expect(span('this spring')).toEqual({ start: '2023-03-01', end: '2023-06-01' });
    // Inside spring, "last spring" is a year back; "last winter" is the one that ended in February.
    expect(span('last spring')).toEqual({ start: '2022-03-01', end: '2022-06-01' });
    expect(span('last winter')).toEqual({ start: '2022-12-01', end: '2023-03-01' });
    expect(span('the trip in March')).toEqual({ start: '2023-03-01', end: '2023-04-01' });
    expect(span('since early June')).toEqual({ start: '2022-06-01', end: '2022-07-01' });
    expect(span('my birthday on June 3rd')).toEqual({ start: '2022-06-03', end: '2022-06-04' });
    expect(span('on the 14th of May')).toEqual({ start: '2023-05-14', end: '2023-05-15' });
  });

  it('names nothing where there is no such expression', () => {
    for (const query of [
      'may I ask which team you signed with',
      'the last time we met',
      'march forward',
      'recipes',
    ]) {
      expect(span(query)).toBeNull();
      expect(namesRelativePeriod(query)).toBe(false);
    }
    expect(namesRelativePeriod('two weeks ago')).toBe(true);
  });
});

describe('relativePeriod', () => {
  it('turns the span into instants in the group’s zone, a day wider on each side', () => {
    // 23:40 in Lisbon on 30 May (UTC+1) is 22:40 UTC; yesterday there is 29 May local.
    expect(relativePeriod('yesterday', new Date('2023-05-30T22:40:00Z'), 'Europe/Lisbon')).toEqual({
      from: '2023-05-27T23:00:00.000Z',
      to: '2023-05-30T23:00:00.000Z',
    });
    // The same instant is already 31 May in Tokyo.
    expect(relativePeriod('yesterday', new Date('2023-05-30T22:40:00Z'), 'Asia/Tokyo')).toEqual({
      from: '2023-05-28T15:00:00.000Z',
      to: '2023-05-31T15:00:00.000Z',
    });
    expect(relativePeriod('what did I eat', new Date(), 'UTC')).toBeNull();
  });
});
