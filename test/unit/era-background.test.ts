import { describe, expect, it } from 'vitest';
import {
  extendBackground,
  formatEraBackground,
  NO_ERA_BACKGROUND,
  parseEraBackground,
} from '../../src/domain/era-background.js';
import type { EraPeriod } from '../../src/domain/era-series.js';
import { describeEras } from '../../src/domain/era-themes.js';
import { addDays } from '../../src/domain/periods.js';

/** `days` periods from `start`, each with the given topics, messages and speakers. */
function stretch(
  start: string,
  days: number,
  topics: Record<string, number>,
  speakers = ['Ana', 'Ben'],
): EraPeriod[] {
  return Array.from({ length: days }, (_, i) => ({
    periodStart: addDays(start, i),
    periodEnd: addDays(start, i + 1),
    embedding: null,
    topics: Object.entries(topics).map(([name, weight]) => ({ name, weight })),
    messageCount: 10 + i,
    speakers,
  }));
}

const notAna = (term: string) => term !== 'ana';

describe('extendBackground', () => {
  const history = [
    ...stretch('2024-01-01', 20, { Coffee: 1, 'dance studio': 0.8, rehearsal: 0.6, ana: 0.9 }),
    ...stretch('2024-01-21', 20, { coffee: 1, adoption: 0.9, 'home study': 0.7 }, ['Ana', 'Cleo']),
    ...stretch('2024-02-10', 20, { coffee: 0.5, lisbon: 1, tram: 0.6, rehearsal: 0.2 }),
  ];
  const eras = [
    { start: '2024-02-10', end: '2024-02-20' },
    { start: '2024-02-20', end: '2024-03-01' },
  ];

  it('lets themes read the days before a window from the background alone, as they would read the days', () => {
    const window = history.slice(40);
    const background = extendBackground(NO_ERA_BACKGROUND, history.slice(0, 40), notAna);
    expect(describeEras(window, eras, notAna, background)).toEqual(describeEras(history, eras, notAna));
    // Not trivially: without the background the later eras read differently.
    expect(describeEras(window, eras, notAna)).not.toEqual(describeEras(history, eras, notAna));
  });

  it('adds the days one part at a time as it does all at once', () => {
    const once = extendBackground(NO_ERA_BACKGROUND, history, notAna);
    const inParts = extendBackground(
      extendBackground(NO_ERA_BACKGROUND, history.slice(0, 25), notAna),
      history.slice(25),
      notAna,
    );
    expect({ ...inParts, terms: [] }).toEqual({ ...once, terms: [] });
    const weights = (b: typeof once) => new Map(b.terms.map((t) => [`${t.key}/${t.name}`, t.weight]));
    expect([...weights(inParts).keys()].sort()).toEqual([...weights(once).keys()].sort());
    for (const [id, weight] of weights(once)) expect(weights(inParts).get(id)).toBeCloseTo(weight, 9);
  });

  it('counts the days, their messages, the first of them and who spoke, and keeps each spelling apart', () => {
    const background = extendBackground(NO_ERA_BACKGROUND, history.slice(0, 40), notAna);
    expect(background).toMatchObject({
      periods: 40,
      from: '2024-01-01',
      messages: 2 * (20 * 10 + (19 * 20) / 2),
      speakers: ['Ana', 'Ben', 'Cleo'],
    });
    const coffee = background.terms.filter((t) => t.key === 'coffee');
    expect(coffee.map((t) => [t.name, t.weight])).toEqual([
      ['Coffee', 20],
      ['coffee', 20],
    ]);
    // The filter's terms are left out; the day's top kept topic weighs 1.
    expect(background.terms.some((t) => t.key === 'ana')).toBe(false);
  });

  it('is stored as JSON and read back as it was; what cannot be read is none, for the cycle to rebuild', () => {
    const background = extendBackground(NO_ERA_BACKGROUND, history, notAna);
    expect(parseEraBackground(formatEraBackground(background))).toEqual(background);
    expect(parseEraBackground(null)).toBeNull();
    expect(parseEraBackground('{not json')).toBeNull();
    expect(parseEraBackground(JSON.stringify({ ...background, periods: -1 }))).toBeNull();
  });
});
