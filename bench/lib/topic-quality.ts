/**
 * How good a group's week topics and drift series are against what the demo generator planted: topic precision
 * (do a week's top topics come from its era's own lines rather than the filler every era shares?) and drift
 * separation (is drift at a planted era boundary larger than drift inside an era?); and on real chat, how many of
 * a period's top topics a reader's own summary of it mentions.
 */

import { stemmer } from 'stemmer';
import type { PlantedEra } from '../../seed/generator.js';
import { DEMO_FILLER_LINES, DEMO_THEMES, type DemoTheme } from '../../seed/themes.js';
import type { DriftPoint } from '../../src/domain/drift.js';
import { addDays } from '../../src/domain/periods.js';
import { median } from '../../src/domain/rollup.js';
import { analyse, words } from '../../src/domain/text.js';
import { normalizeTopic } from '../../src/domain/topics.js';

/** Longest topic (in words) the span index needs to hold. */
const MAX_SPAN = 4;

/** Every run of up to MAX_SPAN words in the lines, normalised as topic names are: "what a topic could be". */
function spanIndex(lines: readonly string[]): Set<string> {
  const spans = new Set<string>();
  for (const line of lines) {
    const tokens = words(line.replace(/\{\w+\}/g, ' '));
    for (let i = 0; i < tokens.length; i++) {
      for (let n = 1; n <= MAX_SPAN && i + n <= tokens.length; n++) {
        const key = normalizeTopic(tokens.slice(i, i + n).join(' '));
        if (key) spans.add(key);
      }
    }
  }
  return spans;
}

const themeSpans = new Map<string, Set<string>>();
let fillerSpans: Set<string> | null = null;

function spansOfTheme(theme: DemoTheme): Set<string> {
  let spans = themeSpans.get(theme.theme);
  if (!spans) {
    spans = spanIndex([...theme.questions, ...theme.statements]);
    themeSpans.set(theme.theme, spans);
  }
  return spans;
}

/** True when the topic is written in one of the themes' own lines and in none of the shared filler lines. */
export function fromThemeLines(topic: string, themes: readonly string[]): boolean {
  fillerSpans ??= spanIndex(DEMO_FILLER_LINES);
  const key = normalizeTopic(topic);
  if (!key || fillerSpans.has(key)) return false;
  return DEMO_THEMES.some((t) => themes.includes(t.theme) && spansOfTheme(t).has(key));
}

/** The planted themes of the eras that overlap a week [start, start + 7). */
export function themesOfWeek(weekStart: string, eras: readonly PlantedEra[]): string[] {
  const end = addDays(weekStart, 7);
  return eras.filter((e) => e.start < end && e.end > weekStart).map((e) => e.theme);
}

export interface WeekTopics {
  periodStart: string;
  topics: string[];
}

/** Share of the weeks' top `k` topics that come from their planted themes' own lines; null without topics. */
export function topicPrecision(
  weeks: readonly WeekTopics[],
  eras: readonly PlantedEra[],
  k = 5,
): number | null {
  let hits = 0;
  let total = 0;
  for (const week of weeks) {
    const themes = themesOfWeek(week.periodStart, eras);
    for (const topic of week.topics.slice(0, k)) {
      total += 1;
      if (fromThemeLines(topic, themes)) hits += 1;
    }
  }
  return total === 0 ? null : hits / total;
}

/** The planted era a day falls in, by index; -1 outside every era. */
function eraIndex(day: string, eras: readonly PlantedEra[]): number {
  return eras.findIndex((e) => e.start <= day && day < e.end);
}

export interface DriftSplit {
  boundary: number[];
  inside: number[];
}

/**
 * Drift points split by what the generator planted: a point whose two weeks both lie inside one era is
 * "inside"; one whose earlier week starts in another era than the later week ends in crosses a boundary.
 */
export function splitDrift(
  points: readonly DriftPoint[],
  eras: readonly PlantedEra[],
  value: (p: DriftPoint) => number | null,
): DriftSplit {
  const split: DriftSplit = { boundary: [], inside: [] };
  for (const point of points) {
    const v = value(point);
    if (v === null) continue;
    const from = eraIndex(point.previousStart, eras);
    const to = eraIndex(addDays(point.periodStart, 6), eras);
    if (from < 0 || to < 0) continue;
    if (from !== to) split.boundary.push(v);
    else if (eraIndex(addDays(point.previousStart, 6), eras) === from) split.inside.push(v);
  }
  return split;
}

/** Median drift at boundaries over median drift inside eras; null when either side has no point. */
export function separation(split: DriftSplit): number | null {
  const boundary = median(split.boundary);
  const inside = median(split.inside);
  if (boundary === null || inside === null) return null;
  return inside > 0 ? boundary / inside : Number.POSITIVE_INFINITY;
}

/** What a topic must never be. */
export type ForbiddenKind = 'number' | 'pronoun' | 'speaker name';

/**
 * Why a topic should not be one: it holds a number (digits, or a word tagged as a number: "seventy"), a pronoun,
 * or a speaker's name (any word of it, or a word of three letters or more that starts one: "Mel" for Melanie).
 */
export function forbiddenKind(topic: string, speakers: readonly string[]): ForbiddenKind | null {
  const tokens = analyse(topic.toLowerCase()).sentences.flatMap((s) => s.tokens);
  if (/\d/.test(topic) || tokens.some((t) => t.pos === 'NUM' || t.kind === 'number')) return 'number';
  if (tokens.some((t) => t.pos === 'PRON')) return 'pronoun';
  const names = speakers.flatMap((s) => s.toLowerCase().split(/\s+/)).filter((n) => n.length > 1);
  const isName = (w: string) => names.includes(w) || (w.length >= 3 && names.some((n) => n.startsWith(w)));
  return words(topic).some(isName) ? 'speaker name' : null;
}

/** A period's topics, best first, beside the reference summary of the same conversation sessions. */
export interface ReferencePeriod {
  topics: readonly string[];
  reference: string;
}

/** How many of the periods' top topics a reader's summary mentions, and which it does not, with how often. */
export interface ReferenceShare {
  hits: number;
  total: number;
  misses: Map<string, number>;
}

/** The Porter stems of a text's words, in lower case. */
export function stemsOf(text: string): Set<string> {
  return new Set(words(text).map((w) => stemmer(w)));
}

/**
 * Of each period's first `k` topics, those the reference mentions: a topic counts when the Porter stem of every
 * word of it is among the stems of the reference's words ("dance studio" in "opened his dance studios").
 */
export function referenceShare(periods: readonly ReferencePeriod[], k = 5): ReferenceShare {
  const result: ReferenceShare = { hits: 0, total: 0, misses: new Map() };
  for (const period of periods) {
    const reference = stemsOf(period.reference);
    for (const topic of period.topics.slice(0, k)) {
      const parts = words(topic);
      if (parts.length === 0) continue;
      result.total += 1;
      if (parts.every((w) => reference.has(stemmer(w)))) result.hits += 1;
      else {
        const name = parts.join(' ');
        result.misses.set(name, (result.misses.get(name) ?? 0) + 1);
      }
    }
  }
  return result;
}

/** Hits over total; null without topics. */
export function shareOf(s: Pick<ReferenceShare, 'hits' | 'total'>): number | null {
  return s.total === 0 ? null : s.hits / s.total;
}
