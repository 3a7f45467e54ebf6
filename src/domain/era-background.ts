/**
 * What the era step keeps of a group's days before its current era: the background the current era's theme is
 * contrasted with, the names kept out of themes, and the data cut's share of those days. Closed eras never change
 * (bar folding into "earlier"), so neither do the days before the current one, and a daily cycle reads the current
 * era's days alone instead of the whole history. The background moves only when an era closes: the days of the
 * closed part are added to it. A day before the current era summarised later (a very late memory, or older history
 * imported into a live group) counts as it was, or not at all, until the background is rebuilt from the day series:
 * when the group's eras are detected afresh.
 */
import { z } from 'zod';
import type { EraPeriod } from './era-series.js';
import { periodTerms, sumTerms, type ThemeBackground } from './era-themes.js';
import { compareNames } from './topics.js';

const periodTermSchema = z.object({ key: z.string(), name: z.string(), weight: z.number() });

export const eraBackgroundSchema = z.object({
  /** How many day summaries came before the era. */
  periods: z.number().int().nonnegative(),
  /** Their topics as themes count them (era-themes.ts periodTerms), summed by term and spelling. */
  terms: z.array(periodTermSchema),
  /** The first of those days (YYYY-MM-DD); null when there are none. */
  from: z.string().nullable(),
  /** Their messages. */
  messages: z.number().nonnegative(),
  /** Everyone who spoke in them: their names stay out of themes (eras.ts eraTermFilter). */
  speakers: z.array(z.string()),
});

export type EraBackground = z.infer<typeof eraBackgroundSchema> & ThemeBackground;

export const NO_ERA_BACKGROUND: EraBackground = {
  periods: 0,
  terms: [],
  from: null,
  messages: 0,
  speakers: [],
};

/**
 * The background with these periods added. `keep` is the term filter of the day (eras.ts eraTermFilter): terms it
 * drops are left out, as describeEras leaves them out of every period.
 */
export function extendBackground(
  background: EraBackground,
  periods: readonly EraPeriod[],
  keep: (term: string) => boolean,
): EraBackground {
  if (periods.length === 0) return background;
  const starts = periods.map((p) => p.periodStart).sort(compareNames);
  const first = starts[0] as string;
  return {
    periods: background.periods + periods.length,
    terms: sumTerms(
      background.terms,
      periods.map((p) => periodTerms(p, keep)),
    ),
    from: background.from === null || first < background.from ? first : background.from,
    messages: background.messages + periods.reduce((sum, p) => sum + (p.messageCount ?? 0), 0),
    speakers: [...new Set([...background.speakers, ...periods.flatMap((p) => p.speakers ?? [])])].sort(
      compareNames,
    ),
  };
}

/** A stored background (JSON), or null when there is none or it cannot be read: the caller then rebuilds it. */
export function parseEraBackground(stored: string | null): EraBackground | null {
  if (stored === null) return null;
  try {
    const parsed = eraBackgroundSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The background as stored on its era. */
export function formatEraBackground(background: EraBackground): string {
  return JSON.stringify(background);
}
