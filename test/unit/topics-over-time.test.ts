import { describe, expect, it } from 'vitest';
import { topicsOverTime, topicsOverTimeToCsv } from '../../src/domain/topics-over-time.js';

/** A week with its topics as name:weight pairs. */
function week(periodStart: string, periodEnd: string, messageCount: number, topics: Record<string, number>) {
  return {
    periodStart,
    periodEnd,
    messageCount,
    topics: Object.entries(topics).map(([name, weight]) => ({ name, weight })),
  };
}

const periods = [
  week('2024-01-08', '2024-01-14', 40, { Lisbon: 1, flights: 0.5, flight: 0.25 }),
  week('2024-01-01', '2024-01-07', 12, { 'seating plan': 1, nothing: 0 }),
];

describe('topicsOverTime', () => {
  const rows = topicsOverTime(periods);

  it('gives one row per period and topic, oldest period first, heaviest topic first', () => {
    expect(rows.map((r) => [r.periodStart, r.topic, r.rank])).toEqual([
      ['2024-01-01', 'seating plan', 1],
      ['2024-01-08', 'Lisbon', 1],
      ['2024-01-08', 'flights', 2],
    ]);
  });

  it('keys each topic by its normalised name, gives shares of the period and an exclusive end', () => {
    expect(rows[2]).toEqual({
      periodStart: '2024-01-08',
      periodEnd: '2024-01-15',
      topic: 'flights',
      key: 'flight',
      weight: 0.5,
      share: 0.5 / 1.5,
      rank: 2,
      messageCount: 40,
    });
  });

  it('writes CSV that pandas reads as it is: snake_case header, the level on every row', () => {
    const csv = topicsOverTimeToCsv({ groupId: 'g', level: 'week', rows });
    expect(csv.split('\n')).toEqual([
      'period_start,period_end,level,topic,key,weight,share,rank,message_count',
      '2024-01-01,2024-01-08,week,seating plan,seating plan,1,1,1,12',
      '2024-01-08,2024-01-15,week,Lisbon,lisbon,1,0.666667,1,40',
      '2024-01-08,2024-01-15,week,flights,flight,0.5,0.333333,2,40',
      '',
    ]);
  });
});
