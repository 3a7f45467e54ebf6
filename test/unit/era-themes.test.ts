import { describe, expect, it } from 'vitest';
import type { EraPeriod } from '../../src/domain/era-series.js';
import { describeEras } from '../../src/domain/era-themes.js';
import { addDays } from '../../src/domain/periods.js';

/** `days` periods from `start`, each with the given topics (weights as given). */
function stretch(start: string, days: number, topics: Record<string, number>): EraPeriod[] {
  return Array.from({ length: days }, (_, i) => ({
    periodStart: addDays(start, i),
    periodEnd: addDays(start, i + 1),
    embedding: null,
    topics: Object.entries(topics).map(([name, weight]) => ({ name, weight })),
  }));
}

const everything = () => true;

describe('describeEras', () => {
  const periods = [
    ...stretch('2024-01-01', 20, { coffee: 1, 'dance studio': 0.8, rehearsal: 0.6, costume: 0.5 }),
    ...stretch('2024-01-21', 20, { coffee: 1, adoption: 0.9, 'home study': 0.7, agency: 0.6 }),
  ];
  const eras = [
    { start: '2024-01-01', end: '2024-01-21' },
    { start: '2024-01-21', end: '2024-02-10' },
  ];

  it('themes each era by what sets it apart from the rest, not by what both share', () => {
    const [first, second] = describeEras(periods, eras, everything);
    expect(first?.theme).toBe('dance studio · rehearsal · costume');
    expect(second?.theme).toBe('adoption · home study · agency');
    // Key topics are the heaviest, shared or not.
    expect(first?.keyTopics[0]).toBe('coffee');
  });

  it('describes an era asked for alone as it does among the others: against every period, whatever the eras', () => {
    const [second] = describeEras(periods, [eras[1] as (typeof eras)[number]], everything);
    expect(second).toEqual(describeEras(periods, eras, everything)[1]);
    expect(second?.theme).toBe('adoption · home study · agency');
  });

  it('leaves out the terms the filter refuses, in themes and key topics alike', () => {
    const [first] = describeEras(periods, eras, (term) => !term.includes('dance'));
    expect(first?.theme).toBe('rehearsal · costume');
    expect(first?.keyTopics).not.toContain('dance studio');
  });

  it('with nothing to contrast against, names the era by its heaviest terms', () => {
    const [only] = describeEras(periods.slice(0, 20), [eras[0] as (typeof eras)[number]], everything);
    expect(only?.theme).toBe('coffee · dance studio · rehearsal');
  });

  it('counts the spellings of one topic together and writes it the way the days mostly do', () => {
    const spelled = [
      ...stretch('2024-01-01', 6, { Lisbon: 1, tram: 0.5 }),
      ...stretch('2024-01-07', 4, { lisbon: 1, tram: 0.5 }),
    ];
    const [era] = describeEras(spelled, [{ start: '2024-01-01', end: '2024-01-11' }], everything);
    expect(era?.theme).toBe('Lisbon · tram');
    expect(era?.keyTopics).toEqual(['lisbon', 'tram']);
  });

  it('does not repeat a word across the terms of one theme', () => {
    const overlapping = stretch('2024-01-01', 10, { 'dance studio': 1, dance: 0.9, studio: 0.8, lease: 0.5 });
    const [era] = describeEras(overlapping, [{ start: '2024-01-01', end: '2024-01-11' }], everything);
    expect(era?.theme).toBe('dance studio · lease');
  });
});
