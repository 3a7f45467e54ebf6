/** Pure arithmetic of the roll-up: who was active, how busy a period was, which children belong to a parent. */

import { addDays } from './periods.js';

/** Speakers by message count, most active first, ties by name. */
export function topSpeakers(
  counts: Record<string, number>,
  limit = 5,
): { names: string[]; counts: number[] } {
  const ranked = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit);
  return { names: ranked.map(([name]) => name), counts: ranked.map(([, n]) => n) };
}

export function countSpeakers(speakers: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of speakers) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

/** Sums the children's top speakers; an approximation for parents, since each child keeps only its top five. */
export function mergeSpeakerCounts(
  children: { activeUsers: string[] | null; activeUserCounts: number[] | null }[],
) {
  const counts: Record<string, number> = {};
  for (const child of children) {
    (child.activeUsers ?? []).forEach((name, i) => {
      counts[name] = (counts[name] ?? 0) + (child.activeUserCounts?.[i] ?? 1);
    });
  }
  return counts;
}

/**
 * How busy a period was next to the group's typical period at the same level, in 0..1:
 * count / (count + median of recent counts), so a typical period scores 0.5 and the score never saturates abruptly.
 */
export function activityScore(count: number, recentCounts: number[]): number {
  const typical = median(recentCounts.filter((n) => n > 0));
  if (typical === null) return count > 0 ? 0.5 : 0;
  return Math.round((count / (count + typical)) * 1000) / 1000;
}

/** The middle value (the mean of the two middle ones for an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The range of child period starts [from, to) that belongs to a parent period. A week holds the days from its
 * Monday; a month holds the ISO weeks whose Thursday falls inside it (the ISO rule), i.e. weeks starting from
 * three days before the month to three days before its end.
 */
export function childRange(
  level: 'week' | 'month',
  period: { start: string; end: string },
): { from: string; to: string } {
  if (level === 'week') return { from: period.start, to: period.end };
  return { from: addDays(period.start, -3), to: addDays(period.end, -3) };
}

/** A rolling window of the latest texts at one level: background for distinctive topics and typical counts. */
export class RecentWindow {
  private readonly texts: string[];
  private readonly counts: number[];

  constructor(
    initial: { text: string; messageCount: number }[],
    private readonly size = 30,
  ) {
    this.texts = initial.map((s) => s.text).slice(0, size);
    this.counts = initial.map((s) => s.messageCount).slice(0, size);
  }

  get background(): string[] {
    return [...this.texts];
  }

  get messageCounts(): number[] {
    return [...this.counts];
  }

  push(text: string, messageCount: number): void {
    this.texts.unshift(text);
    this.counts.unshift(messageCount);
    this.texts.length = Math.min(this.texts.length, this.size);
    this.counts.length = Math.min(this.counts.length, this.size);
  }
}
