/**
 * What an era was about, in a few words: the topics of its periods that set it apart from the rest of the group's
 * history. Each period is one document whose topics carry their weights; a term's rate in an era is its summed
 * weight over the era's periods divided by their number, and it is ranked by rate * log2(rate / rate elsewhere),
 * its share of the divergence between the era and the rest (the same measure that ranks a class's terms in
 * class-based TF-IDF, written for two classes). Words every era uses score near zero; terms that fill the era and
 * are rare elsewhere come first. With nothing elsewhere to compare against, the heaviest terms are the theme.
 */
import type { EraPeriod } from './era-series.js';
import { compareNames, mergeTopics, normalizeTopic } from './topics.js';

export interface EraBounds {
  start: string;
  /** Exclusive. */
  end: string;
}

export interface EraDescription {
  /** 3-5 normalised topic names with the most weight over the era, heaviest first. */
  keyTopics: string[];
  /** The era's most distinctive terms, as its days write them, joined by " · ". */
  theme: string;
}

const THEME_TERMS = 3;
const MAX_KEY_TOPICS = 5;
const MIN_KEY_TOPICS = 3;
/** Added to both rates so a term the rest never uses does not score infinitely, and a rare one not hugely. */
const RATE_SMOOTHING = 0.02;

/** A topic of a period as the themes count it: its normalised name, its spelling there, and its weight. */
export interface PeriodTerm {
  key: string;
  name: string;
  weight: number;
}

/**
 * Periods the themes are contrasted with beyond those given (the days before a window): how many, and their terms
 * summed by normalised name and spelling. Themes read nothing else of a period outside the eras they describe.
 */
export interface ThemeBackground {
  periods: number;
  terms: readonly PeriodTerm[];
}

export const NO_THEME_BACKGROUND: ThemeBackground = { periods: 0, terms: [] };

/** A period's topics that `keep` accepts, by normalised name, weighted so its top topic weighs 1. */
export function periodTerms(period: EraPeriod, keep: (term: string) => boolean): PeriodTerm[] {
  const topics = mergeTopics(period.topics)
    .map((t) => ({ key: normalizeTopic(t.name), name: t.name, weight: t.weight }))
    .filter((t) => t.weight > 0 && keep(t.key));
  const top = topics.reduce((m, t) => Math.max(m, t.weight), 0);
  return topics.map((t) => ({ ...t, weight: t.weight / top }));
}

/** Summed topic weight per normalised term over the periods' terms. */
function termWeights(periods: readonly (readonly PeriodTerm[])[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const terms of periods) for (const t of terms) sums.set(t.key, (sums.get(t.key) ?? 0) + t.weight);
  return sums;
}

/** The periods' terms summed by normalised name and spelling, added to `base`'s: a background's terms. */
export function sumTerms(
  base: readonly PeriodTerm[],
  periods: readonly (readonly PeriodTerm[])[],
): PeriodTerm[] {
  const sums = new Map<string, PeriodTerm>();
  for (const terms of [base, ...periods]) {
    for (const t of terms) {
      const id = `${t.key}\u0000${t.name}`;
      const sum = sums.get(id);
      if (sum) sum.weight += t.weight;
      else sums.set(id, { ...t });
    }
  }
  return [...sums.values()];
}

/** How each normalised term is best written: the spelling with the most weight ("Lisbon", "RSVPs"). */
function displayNames(periods: readonly (readonly PeriodTerm[])[]): Map<string, string> {
  const spellings = new Map<string, Map<string, number>>();
  for (const terms of periods) {
    for (const t of terms) {
      const forms = spellings.get(t.key) ?? new Map<string, number>();
      forms.set(t.name, (forms.get(t.name) ?? 0) + t.weight);
      spellings.set(t.key, forms);
    }
  }
  return new Map(
    [...spellings].map(([key, forms]) => [
      key,
      [...forms].sort((a, b) => b[1] - a[1] || compareNames(a[0], b[0]))[0]?.[0] ?? key,
    ]),
  );
}

function ranked(scores: ReadonlyMap<string, number>): string[] {
  return [...scores]
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1] || compareNames(a[0], b[0]))
    .map(([name]) => name);
}

/** The first `count` terms that share no word with a better one ("price" after "oil price"). */
function distinctTerms(terms: readonly string[], count: number): string[] {
  const used = new Set<string>();
  const out: string[] = [];
  for (const term of terms) {
    if (out.length >= count) break;
    const words = term.split(' ');
    if (words.some((w) => used.has(w))) continue;
    for (const w of words) used.add(w);
    out.push(term);
  }
  return out;
}

function keyTopicsOf(weights: ReadonlyMap<string, number>): string[] {
  const order = distinctTerms(ranked(weights), MAX_KEY_TOPICS);
  const top = weights.get(order[0] ?? '') ?? 0;
  // Up to five, but a topic with under a quarter of the leader's weight is not "key" once three are in.
  return order.filter((name, i) => i < MIN_KEY_TOPICS || (weights.get(name) ?? 0) >= top / 4);
}

const inside = (era: EraBounds) => (p: EraPeriod) => p.periodStart >= era.start && p.periodStart < era.end;

/**
 * Key topics and theme of each era, against all the periods given and the background beyond them (the group's
 * history, or as much of it as the caller has). `keep` says which terms may appear at all (see theme-words.ts). An
 * era's description depends on the periods, the background and its own bounds alone, so a caller asks only for
 * the eras it needs. Each period's terms are taken once, whatever the number of eras.
 */
export function describeEras(
  periods: readonly EraPeriod[],
  eras: readonly EraBounds[],
  keep: (term: string) => boolean,
  background: ThemeBackground = NO_THEME_BACKGROUND,
): EraDescription[] {
  const termsOf = periods.map((p) => periodTerms(p, keep));
  const total = termWeights([background.terms, ...termsOf]);
  const display = displayNames([background.terms, ...termsOf]);
  return eras.map((era) => {
    const isInside = inside(era);
    const own = termsOf.filter((_, i) => isInside(periods[i] as EraPeriod));
    const weights = termWeights(own);
    const elsewhere = background.periods + periods.length - own.length;
    const scores = new Map<string, number>();
    for (const [term, weight] of weights) {
      const rate = weight / Math.max(1, own.length);
      if (elsewhere === 0) {
        scores.set(term, rate);
        continue;
      }
      const other = ((total.get(term) ?? 0) - weight) / elsewhere;
      scores.set(term, rate * Math.log2((rate + RATE_SMOOTHING) / (other + RATE_SMOOTHING)));
    }
    const theme = distinctTerms(ranked(scores), THEME_TERMS);
    const keyTopics = keyTopicsOf(weights);
    const terms = theme.length > 0 ? theme : keyTopics.slice(0, THEME_TERMS);
    return { keyTopics, theme: terms.map((key) => display.get(key) ?? key).join(' · ') };
  });
}
