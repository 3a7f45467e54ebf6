import type { MemoryInput } from '../src/domain/memory.js';
import { mulberry32 as seededMulberry32 } from '../src/domain/random.js';
import { contentWords } from '../src/domain/text.js';
import { type PlantedEntity, plantedIn } from './planted-entities.js';
import {
  DEMO_ENTITIES,
  DEMO_FILLER_LINES,
  DEMO_NAMES,
  DEMO_THEMES,
  DEMO_TIMES,
  DEMO_WEEKDAYS,
  type DemoTheme,
  GENERIC_REPLIES,
  GENERIC_SMALL_TALK,
  PREFIXES,
  SUFFIXES,
} from './themes.js';

export type { PlantedEntity } from './planted-entities.js';

export interface DemoOptions {
  seed?: number;
  groups?: number;
  months?: number;
  /** Average over the whole run; weekdays, weekends, quiet days and bursts vary around it. */
  messagesPerDay?: number;
  /** Members active at a time; a few more join and leave along the way. */
  speakers?: number;
  /** First day, ISO date (YYYY-MM-DD), in the group's time zone. */
  start?: string;
  /** IANA zone whose wall clock shapes the daily rhythm and the era boundaries. */
  timezone?: string;
}

export interface PlantedEra {
  /** First day of the era, ISO date in the group's time zone. */
  start: string;
  /** Day after the last one (exclusive). */
  end: string;
  theme: string;
  /** Words only this era's messages use, lower-cased tokens. */
  vocabulary: string[];
}

export interface DemoGroup {
  groupId: string;
  timezone: string;
  memories: MemoryInput[];
  plantedEras: PlantedEra[];
  /** The entities planted in its eras' lines (seed/themes.ts DEMO_ENTITIES) that its messages name. */
  plantedEntities: PlantedEntity[];
}

/** Share of era lines (questions, statements) that get a sentence naming one of the era's planted entities. */
const ENTITY_LINE_SHARE = 0.12;

const DAY_MS = 86_400_000;

// Relative chance of a conversation starting in each local hour: quiet nights, lunch and evening peaks.
const WEEKDAY_HOURS = [
  0.3, 0.15, 0.05, 0.03, 0.03, 0.1, 0.4, 1, 1.5, 1.2, 1, 1.1, 1.8, 1.5, 0.9, 0.9, 1, 1.4, 2.2, 2.8, 3.2, 3, 2,
  1,
];
// Weekends start later and spread through the afternoon.
const WEEKEND_HOURS = [
  0.8, 0.5, 0.2, 0.05, 0.03, 0.03, 0.1, 0.3, 0.6, 1.2, 1.8, 2.2, 2.2, 2, 1.8, 1.8, 1.8, 1.8, 2, 2.4, 2.6, 2.5,
  2, 1.5,
];

/**
 * Deterministic demo chats with planted topic eras, for trying Strata without real data and for
 * checking that era detection finds boundaries where they were put. Same options, same output.
 */
export function generateDemo(options: DemoOptions = {}): DemoGroup[] {
  const seed = options.seed ?? 1;
  const groups = positiveInt('groups', options.groups ?? 2);
  const months = positiveInt('months', options.months ?? 6);
  const perDay = options.messagesPerDay ?? 40;
  if (!(perDay >= 0)) throw new RangeError(`messagesPerDay must be 0 or more, got ${perDay}`);
  const speakers = positiveInt('speakers', options.speakers ?? 5);
  const timezone = options.timezone ?? 'UTC';
  const startDay = parseIsoDate(options.start ?? '2024-01-01');
  const start = new Date(startDay);
  const endDay = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, start.getUTCDate());
  const clock = zoneClock(timezone);

  const out: DemoGroup[] = [];
  for (let g = 0; g < groups; g++) {
    const rng = mulberry32(mixSeed(seed, g));
    // Entities are planted from a stream of their own: the rest of the group is what it was without them.
    const entityRng = mulberry32(mixSeed(seed, g) ^ 0x5eed1e57);
    out.push(
      generateGroup(rng, entityRng, {
        groupId: `demo-${g + 1}`,
        timezone,
        startDay,
        days: Math.round((endDay - startDay) / DAY_MS),
        perDay,
        speakers,
        clock,
      }),
    );
  }
  return out;
}

interface GroupPlan {
  groupId: string;
  timezone: string;
  /** UTC midnight standing for the first local date. */
  startDay: number;
  days: number;
  perDay: number;
  speakers: number;
  /** For a local date (as its UTC midnight), turns seconds into the day into a UTC instant. */
  clock: (dayMs: number) => (secondOfDay: number) => number;
}

interface Member {
  name: string;
  joinDay: number;
  leaveDay: number;
  chattiness: number;
}

type Kind = 'question' | 'statement' | 'reply' | 'smallTalk';

function generateGroup(rng: Rng, entityRng: Rng, plan: GroupPlan): DemoGroup {
  const eras = planEras(rng, plan.days);
  const members = planMembers(rng, plan.speakers, plan.days);
  // Groups differ in how they use weekends: some chat more, some go quiet.
  const weekendFactor = 0.5 + rng() * 1.0;
  const weekdayMean = (7 * plan.perDay) / (5 + 2 * weekendFactor);
  const weekdayHours = cumulative(WEEKDAY_HOURS);
  const weekendHours = cumulative(WEEKEND_HOURS);

  const memories: MemoryInput[] = [];
  let sessions = 0;
  let quietLeft = 0;
  let era = 0;
  for (let day = 0; day < plan.days; day++) {
    while (day >= eras[era].endDay) era++;
    const dayMs = plan.startDay + day * DAY_MS;
    const weekend = isWeekend(dayMs);

    // Quiet days: now and then a single one, rarely a spell of several (holidays, busy weeks).
    if (quietLeft === 0 && rng() < 0.015) quietLeft = 2 + Math.floor(rng() * 4);
    if (quietLeft > 0) {
      quietLeft--;
      continue;
    }
    if (rng() < 0.05) continue;

    let mean = weekend ? weekdayMean * weekendFactor : weekdayMean;
    // Day-to-day noise; the -0.045 (half the variance) keeps the long-run mean at the asked rate.
    mean *= Math.exp(normal(rng) * 0.3 - 0.045);
    if (rng() < 0.05) mean *= 2.5 + rng() * 1.5; // a burst: news, a plan coming together
    const count = Math.round(mean);
    if (count === 0) continue;

    const active = members.filter((m) => m.joinDay <= day && day < m.leaveDay);
    const theme = eras[era].source;
    const dayMessages: { at: number; text: string; speaker: string; sessionId?: string }[] = [];
    let left = count;
    while (left > 0) {
      // Messages come in little conversations: a start time from the daily rhythm, then quick replies.
      const size = Math.min(left, 1 + Math.floor(-Math.log(1 - rng()) * 6));
      left -= size;
      const hours = weekend ? weekendHours : weekdayHours;
      let at = (pickIndex(rng, hours) * 60 + Math.floor(rng() * 60)) * 60;
      const sessionId = rng() < 0.08 ? `${plan.groupId}-session-${++sessions}` : undefined;
      let previous: { kind: Kind; speaker: string } | undefined;
      for (let i = 0; i < size; i++) {
        const kind = nextKind(rng, previous?.kind);
        const speaker = pickSpeaker(rng, active, previous?.speaker);
        let text = decorate(rng, fill(rng, pickLine(rng, theme, kind), active, speaker, dayMs), kind);
        const planted = DEMO_ENTITIES[theme.theme] ?? [];
        if (
          (kind === 'question' || kind === 'statement') &&
          planted.length > 0 &&
          entityRng() < ENTITY_LINE_SHARE
        ) {
          const entity = pick(entityRng, planted);
          const alias = pick(entityRng, [entity.name, ...entity.aliases]);
          text = `${text} ${pick(entityRng, entity.lines).replace('{alias}', alias)}`;
        }
        dayMessages.push({ at: Math.min(at, DAY_MS / 1000 - 1), text, speaker, sessionId });
        previous = { kind, speaker };
        at += 15 + Math.floor(rng() * 220);
      }
    }
    const toUtc = plan.clock(dayMs);
    // Sorted by the instant: on a spring-forward day, wall times in the skipped hour land earlier.
    const timed = dayMessages.map((m) => ({ ...m, utc: toUtc(m.at) })).sort((a, b) => a.utc - b.utc);
    for (const m of timed) {
      memories.push({
        id: `seed-${plan.groupId}-${memories.length + 1}`,
        text: m.text,
        speaker: m.speaker,
        ts: new Date(m.utc).toISOString(),
        ...(m.sessionId ? { sessionId: m.sessionId } : {}),
      });
    }
  }

  return {
    groupId: plan.groupId,
    timezone: plan.timezone,
    memories,
    plantedEras: eras.map((e) => ({
      start: isoDate(plan.startDay + e.startDay * DAY_MS),
      end: isoDate(plan.startDay + e.endDay * DAY_MS),
      theme: e.source.theme,
      vocabulary: themeVocabulary(e.source),
    })),
    plantedEntities: plantedIn(
      eras.flatMap((e) => DEMO_ENTITIES[e.source.theme] ?? []),
      memories.map((m) => m.text),
    ),
  };
}

interface EraPlan {
  startDay: number;
  endDay: number;
  source: DemoTheme;
}

/** Eras of 3 to 8 weeks; a tail too short to read as its own era joins the one before. */
function planEras(rng: Rng, days: number): EraPlan[] {
  const eras: EraPlan[] = [];
  let order: DemoTheme[] = [];
  let cursor = 0;
  while (cursor < days) {
    let length = 21 + Math.floor(rng() * 36);
    if (days - (cursor + length) < 14) length = days - cursor;
    if (order.length === 0) order = shuffled(rng, DEMO_THEMES);
    let source = order.pop() as DemoTheme;
    // After running through every theme, avoid repeating the one just finished.
    if (eras.length > 0 && source === eras[eras.length - 1].source && order.length > 0) {
      const other = order.pop() as DemoTheme;
      order.push(source);
      source = other;
    }
    eras.push({ startDay: cursor, endDay: cursor + length, source });
    cursor += length;
  }
  return eras;
}

/** Founders from day one; newcomers join along the way and as many founders (never the first two) leave. */
function planMembers(rng: Rng, speakers: number, days: number): Member[] {
  const names = shuffled(rng, DEMO_NAMES);
  const newcomers = Math.max(1, Math.round(speakers * 0.6));
  const members: Member[] = [];
  for (let i = 0; i < speakers + newcomers; i++) {
    const founder = i < speakers;
    members.push({
      name: names[i % names.length] + (i >= names.length ? ` ${Math.floor(i / names.length) + 1}` : ''),
      joinDay: founder ? 0 : Math.floor(days * (0.15 + rng() * 0.55)),
      leaveDay: days,
      chattiness: 0.4 + rng() * 1.6,
    });
  }
  const leavers = Math.min(newcomers, Math.max(0, speakers - 2));
  for (let i = 0; i < leavers; i++) {
    members[speakers - 1 - i].leaveDay = Math.floor(days * (0.35 + rng() * 0.55));
  }
  return members;
}

/** What a message does next in a conversation: questions draw answers, statements draw reactions. */
function nextKind(rng: Rng, previous: Kind | undefined): Kind {
  const r = rng();
  if (previous === undefined) return r < 0.4 ? 'question' : r < 0.8 ? 'statement' : 'smallTalk';
  if (previous === 'question') return r < 0.6 ? 'statement' : r < 0.9 ? 'reply' : 'question';
  if (previous === 'smallTalk') return r < 0.5 ? 'reply' : r < 0.8 ? 'statement' : 'question';
  return r < 0.35 ? 'reply' : r < 0.7 ? 'statement' : r < 0.9 ? 'question' : 'smallTalk';
}

function pickLine(rng: Rng, theme: DemoTheme, kind: Kind): string {
  if (kind === 'question') return pick(rng, theme.questions);
  if (kind === 'statement') return pick(rng, theme.statements);
  return pick(rng, kind === 'reply' ? GENERIC_REPLIES : GENERIC_SMALL_TALK);
}

function pickSpeaker(rng: Rng, active: Member[], previous: string | undefined): string {
  // Whoever just spoke rarely answers themselves.
  const weights = active.map((m) => (m.name === previous && active.length > 1 ? 0.15 : 1) * m.chattiness);
  return active[pickIndex(rng, cumulative(weights))].name;
}

function fill(rng: Rng, line: string, active: Member[], speaker: string, dayMs: number): string {
  return line.replace(/\{(name|day|time)\}/g, (_, slot: string) => {
    if (slot === 'time') return pick(rng, DEMO_TIMES);
    if (slot === 'day') return DEMO_WEEKDAYS[(new Date(dayMs).getUTCDay() + 1 + Math.floor(rng() * 5)) % 7];
    const others = active.filter((m) => m.name !== speaker);
    return others.length > 0 ? pick(rng, others).name : 'everyone';
  });
}

/** Now and then an era line gets a casual opener or ending, as people rarely phrase things the same way twice. */
function decorate(rng: Rng, line: string, kind: Kind): string {
  if (kind !== 'question' && kind !== 'statement') return line;
  let text = line;
  const r = rng();
  if (r < 0.15) text = pick(rng, PREFIXES) + text.charAt(0).toLowerCase() + text.slice(1);
  else if (r < 0.3) text = text.replace(/[.!]$/, '') + pick(rng, SUFFIXES);
  return text;
}

const vocabularies = new Map<DemoTheme, string[]>();

/** Content words of a theme that no other theme and no filler line uses, so each era is recognisable. */
export function themeVocabulary(theme: DemoTheme): string[] {
  const cached = vocabularies.get(theme);
  if (cached) return cached;
  const wordsOf = (lines: string[]) =>
    new Set(lines.flatMap((l) => contentWords(l.replace(/\{\w+\}/g, ' '))));
  const shared = wordsOf(DEMO_FILLER_LINES);
  for (const other of DEMO_THEMES) {
    if (other !== theme) for (const w of wordsOf([...other.questions, ...other.statements])) shared.add(w);
  }
  const own = [...wordsOf([...theme.questions, ...theme.statements])]
    .filter((w) => !shared.has(w) && !/^\d+$/.test(w))
    .sort();
  vocabularies.set(theme, own);
  return own;
}

// --- small deterministic helpers ---

type Rng = () => number;

/** The demo's generator (src/domain/random.ts), named here for the benches that draw from it too. */
export const mulberry32: (seed: number) => Rng = seededMulberry32;

function mixSeed(seed: number, group: number): number {
  return Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(group + 1, 0xc2b2ae35);
}

function normal(rng: Rng): number {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

function cumulative(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((w) => {
    sum += w;
    return sum;
  });
}

function pickIndex(rng: Rng, cumulativeWeights: number[]): number {
  const target = rng() * cumulativeWeights[cumulativeWeights.length - 1];
  const i = cumulativeWeights.findIndex((c) => target < c);
  return i < 0 ? cumulativeWeights.length - 1 : i;
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function isWeekend(dayMs: number): boolean {
  const weekday = new Date(dayMs).getUTCDay();
  return weekday === 0 || weekday === 6;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function parseIsoDate(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || isoDate(ms) !== m[0])
    throw new RangeError(`start must be an ISO date such as 2024-01-01, got "${s}"`);
  return ms;
}

function positiveInt(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a whole number of 1 or more`);
  return value;
}

/**
 * Wall-clock seconds of a local date to UTC milliseconds. Most days have one offset, looked up once;
 * only on a daylight-saving switch day is each message converted on its own, which keeps runs fast.
 */
function zoneClock(timezone: string): (dayMs: number) => (secondOfDay: number) => number {
  if (timezone === 'UTC') return (dayMs) => (second) => dayMs + second * 1000;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new RangeError(`unknown time zone "${timezone}"`);
  }
  /** Milliseconds the zone's clock is ahead of UTC at an instant. */
  const offsetAt = (utcMs: number): number => {
    const p = Object.fromEntries(format.formatToParts(utcMs).map((part) => [part.type, Number(part.value)]));
    const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    return wall - Math.floor(utcMs / 1000) * 1000;
  };
  // Guess with the offset at the wall time itself, then correct with the offset at the guess.
  const toUtc = (localMs: number): number => localMs - offsetAt(localMs - offsetAt(localMs));
  return (dayMs) => {
    const first = offsetAt(dayMs - offsetAt(dayMs));
    const last = offsetAt(dayMs + DAY_MS - 1 - offsetAt(dayMs + DAY_MS - 1));
    if (first === last) return (second) => dayMs + second * 1000 - first;
    return (second) => toUtc(dayMs + second * 1000);
  };
}
