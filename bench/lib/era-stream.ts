import type { MemoryInput } from '../../src/domain/memory.js';
import { addDays, daysBetween } from '../../src/domain/periods.js';
import type { LocomoConversation } from '../../src/ingest/importers/locomo.js';

const DAY_MS = 86_400_000;

export interface EraStream {
  memories: MemoryInput[];
  /** First and last UTC day holding a memory, YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
  /** The day each conversation starts on, in order; every one but the first is a true era boundary. */
  conversationStarts: string[];
  /** Calendar days from firstDay to lastDay, inclusive: the units of the metrics. */
  days: number;
}

function utcDay(ts: string): string {
  return new Date(ts).toISOString().slice(0, 10);
}

/**
 * Replaces whole-word mentions of each original speaker name, and of its short forms (a capitalised word of three
 * letters or more that starts it: "Mel" for Melanie), with the shared name. renameSpeakers changes the speaker
 * fields only, and LoCoMo speakers greet each other by name ("Hey Caroline!", "Thanks, Mel!"), which would give
 * every conversation away by its names rather than by what is talked about.
 */
export function scrubNames(
  conversation: LocomoConversation,
  originals: readonly [string, string],
  shared: readonly [string, string],
): LocomoConversation {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = (name: string) => {
    const shortForms = Array.from({ length: Math.max(0, name.length - 3) }, (_, i) => name.slice(0, 3 + i));
    return new RegExp(`\\b(?:${[name, ...shortForms].map(literal).join('|')})\\b`, 'g');
  };
  const swaps = originals.map((name, i) => [pattern(name), shared[i] as string] as const);
  return {
    ...conversation,
    memories: conversation.memories.map((m) => ({
      ...m,
      text: swaps.reduce((text, [re, name]) => text.replace(re, name), m.text),
    })),
  };
}

/**
 * The conversations one after another in time: each is shifted by whole days so it starts the day after the
 * previous one ends (times of day kept). Ids and session ids get the group's prefix, so the stream can be loaded
 * next to other runs. Speakers are expected to be renamed already (readLocomoFile's renameSpeakers).
 */
export function concatenate(conversations: LocomoConversation[], idPrefix: string): EraStream {
  const memories: MemoryInput[] = [];
  const conversationStarts: string[] = [];
  let nextStart: string | null = null;
  for (const conversation of conversations) {
    const ordered = [...conversation.memories].sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
    const first = ordered[0];
    const last = ordered[ordered.length - 1];
    if (!first || !last) continue;
    const shiftDays = nextStart === null ? 0 : daysBetween(utcDay(first.ts), nextStart);
    for (const m of ordered) {
      memories.push({
        ...m,
        id: `${idPrefix}-${m.id}`,
        ts: new Date(Date.parse(m.ts) + shiftDays * DAY_MS).toISOString(),
        ...(m.sessionId ? { sessionId: `${idPrefix}-${m.sessionId}` } : {}),
      });
    }
    conversationStarts.push(addDays(utcDay(first.ts), shiftDays));
    nextStart = addDays(utcDay(last.ts), shiftDays + 1);
  }
  const firstDay = conversationStarts[0] ?? '';
  const lastDay = utcDay(memories[memories.length - 1]?.ts ?? new Date(0).toISOString());
  return { memories, firstDay, lastDay, conversationStarts, days: daysBetween(firstDay, lastDay) + 1 };
}

/** Day index of a date in the stream (0 = first day). */
export function dayIndex(stream: EraStream, date: string): number {
  return daysBetween(stream.firstDay, date.slice(0, 10));
}

/** True boundaries as day indices: the start of every conversation after the first. */
export function trueBoundaries(stream: EraStream): number[] {
  return stream.conversationStarts.slice(1).map((d) => dayIndex(stream, d));
}

/** Found boundaries as day indices, from era start dates (the first era's start is not a boundary). */
export function foundBoundaries(stream: EraStream, eraStarts: string[]): number[] {
  return [...new Set(eraStarts.map((d) => dayIndex(stream, d)))]
    .filter((i) => i >= 1 && i <= stream.days - 1)
    .sort((a, b) => a - b);
}
