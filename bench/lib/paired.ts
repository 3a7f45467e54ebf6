/** Paired rounds of two builds: the order they take turns in, and the difference within each pair. */

/** 0 for the first build, 1 for the second, from round 1: A B, B A, A B, ... so neither always goes first in a pair. */
export function abbaOrder(round: number): 0 | 1 {
  const pair = Math.ceil(round / 2);
  const firstOfPair = round % 2 === 1;
  return firstOfPair === (pair % 2 === 1) ? 0 : 1;
}

/** The mean of `a[i] - b[i]` over the pairs both have, and its standard error. */
export function pairedDifference(
  a: number[],
  b: number[],
): { mean: number; standardError: number; pairs: number } {
  const pairs = Math.min(a.length, b.length);
  const differences = Array.from({ length: pairs }, (_, i) => (a[i] as number) - (b[i] as number));
  const m = mean(differences);
  const variance = differences.reduce((s, d) => s + (d - m) ** 2, 0) / Math.max(1, pairs - 1);
  return { mean: m, standardError: Math.sqrt(variance / Math.max(1, pairs)), pairs };
}

export function mean(values: number[]): number {
  return values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
}
