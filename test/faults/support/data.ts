import { randomUUID } from 'node:crypto';
import { mulberry32 } from '../../../seed/generator.js';

export interface MemoryIn {
  id: string;
  text: string;
  speaker: string;
  ts: string;
  sessionId?: string;
}

const SUBJECTS = [
  ['retro', 'sprint board', 'standup notes', 'velocity chart'],
  ['payment gateway', 'refund queue', 'invoice export', 'card declines'],
  ['garden beds', 'tomato seedlings', 'compost bin', 'rain barrel'],
  ['concert tickets', 'band rehearsal', 'setlist order', 'sound check'],
  ['flight booking', 'hotel near the station', 'museum pass', 'train to the coast'],
];
const VERBS = ['moved', 'fixed', 'planned', 'discussed', 'postponed', 'finished', 'reviewed'];
const TAILS = ['before Friday', 'after lunch', 'with the whole team', 'for next week', 'again today'];
const SPEAKERS = ['ana', 'ben', 'chloe', 'dev'];

/**
 * `days` days of conversation ending `endDaysAgo` days before now (so every period is closed), `perDay` messages
 * a day in two sittings; the subject changes every two weeks. Ids are `<prefix>-<n>`; every other day's sittings
 * carry a client sessionId, the rest are cut into sessions by the idle gap.
 */
export function conversation(options: {
  prefix: string;
  days: number;
  perDay: number;
  endDaysAgo?: number;
  seed?: number;
}): MemoryIn[] {
  // Seeded, so a scenario and its reference build see the same data.
  const random = mulberry32(options.seed ?? 7);
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const dayMs = 86_400_000;
  const today = Math.floor(Date.now() / dayMs) * dayMs;
  const first = today - ((options.endDaysAgo ?? 10) + options.days) * dayMs;
  const out: MemoryIn[] = [];
  for (let day = 0; day < options.days; day++) {
    const subjects = SUBJECTS[Math.floor(day / 14) % SUBJECTS.length] as string[];
    for (let i = 0; i < options.perDay; i++) {
      const sitting = i < options.perDay / 2 ? 0 : 1;
      // Morning sitting from 09:00, evening from 18:00, a message every 3 minutes.
      const ts = first + day * dayMs + (sitting ? 18 : 9) * 3_600_000 + i * 180_000;
      const n = out.length;
      out.push({
        id: `${options.prefix}-${n}`,
        text: `We ${pick(VERBS)} the ${pick(subjects)} ${pick(TAILS)}; the ${pick(subjects)} is next (note ${n}).`,
        speaker: pick(SPEAKERS),
        ts: new Date(ts).toISOString(),
        ...(day % 2 === 0 ? { sessionId: `d${day}-s${sitting}` } : {}),
      });
    }
  }
  return out;
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A group id of its own per run, so the suite can share a database and be re-run. */
export function faultGroupId(label: string): string {
  return `f-${label}-${randomUUID().slice(0, 8)}`;
}
