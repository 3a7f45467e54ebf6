import type { SummaryLevel } from './levels.js';
import { localDate } from './periods.js';
import { splitSentences } from './text.js';
import type { TokenCounter } from './tokens.js';

/** A turn the block may quote, with what it is worth to the reader (0..1, see context-values.ts). */
export interface ContextMemory {
  id: string;
  text: string;
  speaker: string;
  /** ISO instant. */
  ts: string;
  value: number;
}

/** A summary (or an era) the block may quote. */
export interface ContextPeriod {
  id: string;
  level: SummaryLevel | 'era';
  /** ISO date. */
  periodStart: string;
  text: string;
  /** An era's theme: always shown, even when none of its text fits or all of it is already in the block. */
  theme?: string;
  value: number;
}

/** A line said of something the query names: who or what an entity is (domain/entity-briefs.ts). */
export interface ContextNote {
  id: string;
  line: string;
  value: number;
}

/** Everything the block may hold, by the section it would appear in. */
export interface ContextCandidates {
  /** Who or what the query names, when it names the group's people, places or things. */
  named?: ContextNote[];
  /** Turns recall found for the query, and the turns it brought beside them. */
  relevant: ContextMemory[];
  /** Summaries and eras recall found for the query. */
  relevantSummaries: ContextPeriod[];
  /** The group's standing layers: current era, latest months, weeks and days. */
  standing: ContextPeriod[];
  /** The group's latest turns. */
  latest: ContextMemory[];
  /** The group's time zone: the calendar a turn's date is read on. */
  timeZone: string;
}

export interface BuiltContext {
  text: string;
  /** Tokens of `text`, counted by the configured counter. */
  tokens: number;
  /** True when something the group holds for this block was left out, or cut, for the budget. */
  truncated: boolean;
}

export const CONTEXT_TITLES = {
  named: 'Who and what the query names',
  relevant: 'Relevant memories',
  relevantSummaries: 'Relevant summaries',
  era: 'Current era',
  month: 'Recent months',
  week: 'Recent weeks',
  day: 'Recent days',
  session: 'Recent sessions',
  latest: 'Latest turns',
} as const;

/** Render order of the sections: what answers the query, then the frame broad to fine, then the latest turns. */
const SECTION_ORDER = [
  'named',
  'relevant',
  'relevantSummaries',
  'era',
  'month',
  'week',
  'day',
  'session',
  'latest',
] as const;
type Section = (typeof SECTION_ORDER)[number];

/** Finer levels first: a period that only repeats a finer one gives way to it. */
const LEVEL_RANK: Record<ContextPeriod['level'], number> = { session: 0, day: 1, week: 2, month: 3, era: 4 };

interface MemoryUnit {
  kind: 'memory';
  section: Section;
  memory: ContextMemory;
  date: string;
  line: string;
  /** Key of the whole text: a turn said twice is quoted once. */
  key: string;
  sentenceKeys: string[];
  value: number;
  order: number;
}

interface PeriodUnit {
  kind: 'period';
  section: Section;
  period: ContextPeriod;
  sentences: { text: string; key: string }[];
  value: number;
  order: number;
}

interface NoteUnit {
  kind: 'note';
  section: Section;
  note: ContextNote;
  value: number;
  order: number;
}

type Unit = MemoryUnit | PeriodUnit | NoteUnit;

interface Chosen {
  unit: Unit;
  /** For periods: the sentences kept. */
  sentences: { text: string; key: string }[];
}

/**
 * A prompt-ready block of what a group's memory holds, within a token budget, filled by value.
 *
 * Every candidate carries a value; the most valuable go in first, and a candidate that does not fit is passed over
 * for later, smaller ones, so a small budget keeps the best and a large one adds more until the group has nothing
 * left to give. A summary that does not fit whole keeps the leading sentences that fit.
 *
 * No sentence is said twice: a turn quoted once is not quoted again, a summary sentence already in the block (as a
 * turn or in another summary) is dropped, and a period whose summary only repeats a finer period's gives way to it.
 *
 * Turns are rendered in time order under a heading with their date, each line naming its speaker; summaries with
 * their period's start, latest first within each level.
 */
export function buildContext(
  candidates: ContextCandidates,
  budgetTokens: number,
  counter: TokenCounter,
): BuiltContext {
  const units = toUnits(candidates);
  const chosen = choose(units, budgetTokens, counter);
  let text = render(chosen);
  let tokens = counter.count(text);
  // Counts of the parts can differ from the count of the whole by a token where lines meet; drop the least
  // valuable until the whole fits.
  while (tokens > budgetTokens && chosen.length > 0) {
    const weakest = chosen.reduce((low, c) => (c.unit.value < low.unit.value ? c : low));
    chosen.splice(chosen.indexOf(weakest), 1);
    text = render(chosen);
    tokens = counter.count(text);
  }
  return { text, tokens, truncated: somethingLeftUnsaid(units, chosen) };
}

function toUnits(candidates: ContextCandidates): Unit[] {
  let order = 0;
  const memory =
    (section: Section) =>
    (m: ContextMemory): MemoryUnit => ({
      kind: 'memory',
      section,
      memory: m,
      date: dayOf(m.ts, candidates.timeZone),
      line: memoryLine(m),
      key: sentenceKey(m.text),
      sentenceKeys: splitSentences(m.text).map(sentenceKey).filter(Boolean),
      value: m.value,
      order: order++,
    });
  const period =
    (section: (p: ContextPeriod) => Section) =>
    (p: ContextPeriod): PeriodUnit => ({
      kind: 'period',
      section: section(p),
      period: p,
      sentences: uniqueSentences(p.text),
      value: p.value,
      order: order++,
    });
  // A standing period that recall also found is quoted once, as what answers the query.
  const found = new Set(candidates.relevantSummaries.map((p) => p.id));
  const periods = [
    ...candidates.relevantSummaries.map(period(() => 'relevantSummaries')),
    ...candidates.standing.filter((p) => !found.has(p.id)).map(period((p) => p.level)),
  ];
  const notes = (candidates.named ?? []).map(
    (note): NoteUnit => ({ kind: 'note', section: 'named', note, value: note.value, order: order++ }),
  );
  return [
    ...notes,
    ...candidates.relevant.map(memory('relevant')),
    ...withoutRepeatingParents(periods),
    ...candidates.latest.map(memory('latest')),
  ];
}

/** Drops a period whose every sentence is in one finer period's summary (a week of one day, a day of one session). */
function withoutRepeatingParents(periods: PeriodUnit[]): PeriodUnit[] {
  return periods.filter((parent) => {
    if (parent.period.theme || parent.sentences.length === 0) return true;
    return !periods.some(
      (child) =>
        LEVEL_RANK[child.period.level] < LEVEL_RANK[parent.period.level] &&
        parent.sentences.every((s) => child.sentences.some((c) => c.key === s.key)),
    );
  });
}

function uniqueSentences(text: string): { text: string; key: string }[] {
  const seen = new Set<string>();
  return splitSentences(text)
    .map((s) => ({ text: s, key: sentenceKey(s) }))
    .filter((s) => s.key !== '' && !seen.has(s.key) && seen.add(s.key));
}

/** "Ana Costa: " before a turn a summary quotes: who said it, not what was said. */
export const SPEAKER_PREFIX = /^\s*\p{L}[\p{L}\p{N} .'-]{0,40}:\s+/u;

/**
 * What makes two sentences the same for the reader: their words, case and punctuation aside, without a leading
 * "Speaker: " (a summary quoting a turn names its speaker, the turn's own text does not).
 */
export function sentenceKey(sentence: string): string {
  return sentence
    .replace(SPEAKER_PREFIX, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function memoryLine(m: ContextMemory): string {
  const text = m.text.replace(/\s+/g, ' ').trim();
  return `- ${m.speaker || 'someone'}: ${text}`;
}

function periodLine(period: ContextPeriod, sentences: { text: string }[]): string {
  const text = sentences.map((s) => s.text).join(' ');
  const start = readableDate(period.periodStart);
  if (period.level === 'era') return `- ${period.theme ?? 'Era'} (since ${start})${text ? `: ${text}` : ''}`;
  const label =
    period.level === 'month'
      ? start.replace(/^\d+ /, '')
      : period.level === 'week'
        ? `Week of ${start}`
        : start;
  return `- ${label}: ${text}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "2023-05-08" as "8 May 2023": how people write dates in a conversation (and in questions about it), and fewer
 * tokens than the ISO form. Anything else is returned as it is.
 */
export function readableDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : date;
}

/** The turn's calendar day in the group's zone; '' for an instant that cannot be read. */
function dayOf(ts: string, timeZone: string): string {
  try {
    return localDate(ts, timeZone);
  } catch {
    return '';
  }
}

const dateHeading = (date: string) => (date ? readableDate(date) : 'Undated');

/** Greedy by value: each candidate goes in when its tokens, with any heading it opens, still fit. */
function choose(units: Unit[], budget: number, counter: TokenCounter): Chosen[] {
  const byValue = [...units].sort((a, b) => b.value - a.value || a.order - b.order);
  const chosen: Chosen[] = [];
  const claimed = new Set<string>();
  const takenTexts = new Set<string>();
  const openSections = new Set<Section>();
  const openDates = new Set<string>();
  let used = 0;
  const lineCost = (line: string) => counter.count(line) + 1;

  for (const unit of byValue) {
    const sectionCost = openSections.has(unit.section) ? 0 : lineCost(CONTEXT_TITLES[unit.section]) + 1;
    if (unit.kind === 'note') {
      const cost = sectionCost + lineCost(unit.note.line);
      if (used + cost > budget) continue;
      used += cost;
      openSections.add(unit.section);
      chosen.push({ unit, sentences: [] });
      continue;
    }
    if (unit.kind === 'memory') {
      if (unit.key === '' || takenTexts.has(unit.key)) continue;
      const dateKey = `${unit.section}/${unit.date}`;
      const cost =
        sectionCost + (openDates.has(dateKey) ? 0 : lineCost(dateHeading(unit.date))) + lineCost(unit.line);
      if (used + cost > budget) continue;
      used += cost;
      openSections.add(unit.section);
      openDates.add(dateKey);
      takenTexts.add(unit.key);
      for (const key of unit.sentenceKeys) claimed.add(key);
      chosen.push({ unit, sentences: [] });
      continue;
    }
    const novel = unit.sentences.filter((s) => !claimed.has(s.key));
    if (novel.length === 0 && !unit.period.theme) continue;
    // Whole when it fits, else its leading sentences that do (an era may keep its theme alone).
    for (let count = novel.length; count >= (unit.period.theme ? 0 : 1); count -= 1) {
      const kept = novel.slice(0, count);
      const cost = sectionCost + lineCost(periodLine(unit.period, kept));
      if (used + cost > budget) continue;
      used += cost;
      openSections.add(unit.section);
      for (const s of kept) claimed.add(s.key);
      chosen.push({ unit, sentences: kept });
      break;
    }
  }
  return chosen;
}

/** Whether a candidate holds something the block does not say: a turn left out, or a summary sentence. */
function somethingLeftUnsaid(units: Unit[], chosen: Chosen[]): boolean {
  const texts = new Set<string>();
  const said = new Set<string>();
  const eras = new Set<string>();
  const notes = new Set<string>();
  for (const c of chosen) {
    if (c.unit.kind === 'note') notes.add(c.unit.note.id);
    else if (c.unit.kind === 'memory') {
      texts.add(c.unit.key);
      for (const key of c.unit.sentenceKeys) said.add(key);
    } else {
      if (c.unit.period.theme) eras.add(c.unit.period.id);
      for (const s of c.sentences) said.add(s.key);
    }
  }
  return units.some((u) =>
    u.kind === 'note'
      ? !notes.has(u.note.id)
      : u.kind === 'memory'
        ? u.key !== '' && !texts.has(u.key)
        : u.sentences.some((s) => !said.has(s.key)) ||
          (u.period.theme !== undefined && !eras.has(u.period.id)),
  );
}

/**
 * The chosen candidates as text. Turns go in time order under date headings; summaries latest first within their
 * level, each without the sentences a turn in the block, or a summary rendered before it, already says.
 */
function render(chosen: Chosen[]): string {
  const said = new Set<string>();
  for (const c of chosen) if (c.unit.kind === 'memory') for (const k of c.unit.sentenceKeys) said.add(k);
  const blocks: string[] = [];
  for (const section of SECTION_ORDER) {
    const inSection = chosen.filter((c) => c.unit.section === section);
    if (inSection.length === 0) continue;
    const lines =
      section === 'named'
        ? noteLines(inSection)
        : section === 'relevant' || section === 'latest'
          ? memoryLines(inSection)
          : periodLines(inSection, said);
    if (lines.length > 0) blocks.push([CONTEXT_TITLES[section], ...lines].join('\n'));
  }
  return blocks.join('\n\n');
}

/** In the order the query named them. */
function noteLines(chosen: Chosen[]): string[] {
  return chosen
    .map((c) => c.unit as NoteUnit)
    .sort((a, b) => a.order - b.order)
    .map((u) => u.note.line);
}

function memoryLines(chosen: Chosen[]): string[] {
  const units = chosen
    .map((c) => c.unit as MemoryUnit)
    .sort((a, b) => (a.memory.ts < b.memory.ts ? -1 : a.memory.ts > b.memory.ts ? 1 : a.order - b.order));
  const lines: string[] = [];
  let date = '';
  for (const unit of units) {
    if (unit.date !== date) {
      date = unit.date;
      lines.push(dateHeading(date));
    }
    lines.push(unit.line);
  }
  return lines;
}

function periodLines(chosen: Chosen[], said: Set<string>): string[] {
  const latestFirst = [...chosen].sort((a, b) => {
    const pa = (a.unit as PeriodUnit).period.periodStart;
    const pb = (b.unit as PeriodUnit).period.periodStart;
    return pa < pb ? 1 : pa > pb ? -1 : a.unit.order - b.unit.order;
  });
  const lines: string[] = [];
  for (const c of latestFirst) {
    const period = (c.unit as PeriodUnit).period;
    const kept = c.sentences.filter((s) => !said.has(s.key));
    for (const s of kept) said.add(s.key);
    if (kept.length > 0 || period.theme) lines.push(periodLine(period, kept));
  }
  return lines;
}
