import { type BudgetSection, fitToBudget } from './tokens.js';

/** One summary of a period, e.g. a week starting 2024-05-06. */
export interface ContextLayer {
  periodStart: string;
  text: string;
}

export interface ContextLayers {
  era?: { theme: string; start: string; text?: string } | null;
  month?: ContextLayer | null;
  weeks: ContextLayer[];
  days: ContextLayer[];
  /** Recall results for the caller's query, best first. */
  recall?: { text: string; when: string; level: string }[];
}

export interface BuiltContext {
  text: string;
  tokens: number;
  truncated: boolean;
}

export const CONTEXT_TITLES = {
  era: 'Current era',
  month: 'Last month',
  weeks: 'Last two weeks',
  days: 'Last three days',
  recall: 'Relevant memories',
} as const;

const latestFirst = (layers: ContextLayer[]) =>
  [...layers].sort((a, b) => (a.periodStart < b.periodStart ? 1 : a.periodStart > b.periodStart ? -1 : 0));

const periodLine = (layer: ContextLayer) => `- [${layer.periodStart}] ${layer.text}`;

/**
 * A prompt-ready block of what a group's memory holds, within a token budget.
 *
 * Order: the time layers go broad to fine (era, month, two weeks, three days, latest first inside each),
 * so the reader gets the frame before the detail, and when the budget runs out it is the finest and
 * oldest detail that is lost. When there are recall results they come first, in their given order: they
 * answer what the caller asked about, so they get the budget before the standing background does. The
 * budget is spent in render order, so they also lead the text, which keeps them furthest from truncation.
 */
export function buildContext(layers: ContextLayers, budgetTokens: number): BuiltContext {
  const era = layers.era;
  const eraEntries = era
    ? [`- ${era.theme} (since ${era.start})${era.text?.trim() ? `: ${era.text.trim()}` : ''}`]
    : [];
  const timeSections: BudgetSection[] = [
    { title: CONTEXT_TITLES.era, entries: eraEntries },
    { title: CONTEXT_TITLES.month, entries: layers.month ? [periodLine(layers.month)] : [] },
    { title: CONTEXT_TITLES.weeks, entries: latestFirst(layers.weeks).map(periodLine) },
    { title: CONTEXT_TITLES.days, entries: latestFirst(layers.days).map(periodLine) },
  ];
  const recall: BudgetSection = {
    title: CONTEXT_TITLES.recall,
    entries: (layers.recall ?? []).map((hit) => `- [${hit.when}, ${hit.level}] ${hit.text}`),
  };

  const sections = recall.entries.length > 0 ? [recall, ...timeSections] : timeSections;
  const fitted = fitToBudget(sections, budgetTokens);
  return { text: fitted.text, tokens: fitted.tokens, truncated: fitted.truncated };
}
