/**
 * Class-based TF-IDF (c-TF-IDF, as BERTopic weighs a topic's words): each period is one class, and a phrase
 * weighs tf(phrase, period) * log(1 + A / f(phrase)), where A is the average number of phrase occurrences per
 * class and f the phrase's frequency over this period and the background periods together. What the group
 * says in every period has a large f and sinks; what only this period says rises.
 */
import { compareNames } from './topics.js';

/** Weights of the period's phrases, highest first, scaled so the top one is 1 (rounded to four decimals). */
export function classTfIdf(
  period: ReadonlyMap<string, number>,
  background: readonly ReadonlyMap<string, number>[],
): Map<string, number> {
  const frequency = new Map(period);
  let occurrences = sum(period.values());
  for (const other of background) {
    occurrences += sum(other.values());
    for (const [key, count] of other) {
      const seen = frequency.get(key);
      if (seen !== undefined) frequency.set(key, seen + count);
    }
  }
  const average = occurrences / (1 + background.length);
  const raw = [...period].map(([key, tf]): [string, number] => [
    key,
    tf * Math.log(1 + average / (frequency.get(key) as number)),
  ]);
  // On equal weight a phrase goes first: "solar panel" says more than "panel" when the words only occur together.
  raw.sort((a, b) => b[1] - a[1] || wordCount(b[0]) - wordCount(a[0]) || compareNames(a[0], b[0]));
  const top = raw[0]?.[1] ?? 0;
  return new Map(raw.map(([key, w]) => [key, top > 0 ? Math.round((w / top) * 10_000) / 10_000 : 0]));
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

function wordCount(key: string): number {
  return key.split(' ').length;
}
