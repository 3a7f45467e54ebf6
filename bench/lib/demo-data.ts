import { generateDemo } from '../../seed/generator.js';
import type { MemoryInput } from '../../src/domain/memory.js';

export interface BenchGroup {
  groupId: string;
  memories: MemoryInput[];
}

export interface BenchData {
  groups: BenchGroup[];
  total: number;
  /** First day after the generated span (UTC date, YYYY-MM-DD): the data ends before it. */
  endDay: string;
  messagesPerDay: number;
}

const DAY_MS = 86_400_000;
const START = '2024-01-01';

/**
 * About `memories` demo chat messages over `groups` groups and `months` months (generateDemo, so days, sessions
 * and topics look like a real group's). generateDemo takes an average per day that quiet days and bursts vary
 * around, so the rate is calibrated on one trial run and the small overshoot trimmed from each group's end.
 * Client ids are dropped, so ids are content hashes, as for a client that sends none.
 */
export function benchData(options: {
  memories: number;
  groups: number;
  months: number;
  groupIds: string[];
  seed?: number;
}): BenchData {
  const start = new Date(`${START}T00:00:00Z`);
  const endMs = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + options.months, start.getUTCDate());
  const days = Math.round((endMs - start.getTime()) / DAY_MS);
  const generate = (perDay: number) =>
    generateDemo({
      seed: options.seed ?? 7,
      groups: options.groups,
      months: options.months,
      messagesPerDay: perDay,
      start: START,
    });
  const count = (demo: ReturnType<typeof generateDemo>) => demo.reduce((n, g) => n + g.memories.length, 0);

  let perDay = options.memories / (options.groups * days);
  // Two calibration rounds aiming 3% high, so that trimming, not a shortfall, settles the total.
  for (let round = 0; round < 2; round++) {
    perDay *= (options.memories * 1.03) / Math.max(1, count(generate(perDay)));
  }
  const demo = generate(perDay);

  const keep = proportionalCounts(
    demo.map((g) => g.memories.length),
    options.memories,
  );
  const groups = demo.map(
    (g, i): BenchGroup => ({
      groupId: options.groupIds[i] as string,
      memories: g.memories.slice(0, keep[i]).map(({ id: _id, ...rest }) => rest),
    }),
  );
  return {
    groups,
    total: groups.reduce((n, g) => n + g.memories.length, 0),
    endDay: new Date(endMs).toISOString().slice(0, 10),
    messagesPerDay: perDay,
  };
}

/** Each group keeps the same share of its memories (its earliest ones) so the total is `target`, or all when short. */
function proportionalCounts(lengths: number[], target: number): number[] {
  const total = lengths.reduce((a, b) => a + b, 0);
  if (total <= target) return lengths;
  const exact = lengths.map((n) => (n * target) / total);
  const counts = exact.map(Math.floor);
  let left = target - counts.reduce((a, b) => a + b, 0);
  // Largest remainders first; at most one extra each, so no group exceeds its own length.
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left === 0) break;
    counts[i] = (counts[i] as number) + 1;
    left--;
  }
  return counts;
}

/** The UTC day after the group's last memory. */
export function dayAfterLast(group: BenchGroup): string {
  const last = group.memories[group.memories.length - 1];
  if (!last) throw new Error(`group ${group.groupId} has no memories`);
  return new Date(Date.parse(last.ts.slice(0, 10)) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * One more day of chat for a group: as many messages as it has on an average day it talks (memories over the days
 * that have any), its latest ones replayed on `day` at the same times of day, so that a group at the same rate
 * gets the same work whatever its history (the last day alone varied from 33 to 406 messages). A named session
 * becomes a new one of that day. New instants give new content-hash ids, so every one of them is a new memory.
 */
export function oneMoreDay(group: BenchGroup, day: string): MemoryInput[] {
  const activeDays = new Set(group.memories.map((m) => m.ts.slice(0, 10))).size;
  if (activeDays === 0) return [];
  const count = Math.max(1, Math.round(group.memories.length / activeDays));
  const dayStart = Date.parse(day);
  return group.memories
    .slice(-count)
    .map((m) => ({
      ...m,
      ts: new Date(dayStart + (Date.parse(m.ts) % DAY_MS)).toISOString(),
      ...(m.sessionId ? { sessionId: `${m.sessionId}@${day}` } : {}),
    }))
    .sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
}
