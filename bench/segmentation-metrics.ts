/**
 * Segmentation metrics over a sequence of n units (here: days). A segmentation is given by its boundaries: the
 * indices (1..n-1) of the units that start a new segment. Both metrics slide a window of k units and count
 * disagreements between reference and hypothesis; 0 is perfect, lower is better.
 *
 * - Pk (Beeferman, Berger and Lafferty 1999): for each i in 0..n-k-1, are units i and i+k in the same segment?
 *   The share of windows where reference and hypothesis answer differently.
 * - WindowDiff (Pevzner and Hearst 2002): for the same windows, does the number of boundaries inside (i, i+k]
 *   differ? Unlike Pk it also penalises near-misses that put two boundaries where there is one.
 */

function checkInput(n: number, k: number, boundaries: readonly (readonly number[])[]): void {
  if (!Number.isInteger(n) || n < 2) throw new RangeError(`n must be an integer >= 2, got ${n}`);
  if (!Number.isInteger(k) || k < 1 || k >= n)
    throw new RangeError(`k must be an integer in 1..${n - 1}, got ${k}`);
  for (const list of boundaries) {
    for (const b of list) {
      if (!Number.isInteger(b) || b < 1 || b > n - 1)
        throw new RangeError(`boundary ${b} is outside 1..${n - 1}`);
    }
  }
}

/** boundariesUpTo[i] = number of boundaries at indices <= i, so boundaries in (i, j] are a difference. */
function prefixCounts(n: number, boundaries: readonly number[]): number[] {
  const at = new Array<number>(n).fill(0);
  for (const b of new Set(boundaries)) at[b] = 1;
  let running = 0;
  return at.map((v) => {
    running += v;
    return running;
  });
}

function windows(n: number, k: number, reference: readonly number[], hypothesis: readonly number[]) {
  checkInput(n, k, [reference, hypothesis]);
  const ref = prefixCounts(n, reference);
  const hyp = prefixCounts(n, hypothesis);
  return Array.from({ length: n - k }, (_, i) => ({
    ref: (ref[i + k] as number) - (ref[i] as number),
    hyp: (hyp[i + k] as number) - (hyp[i] as number),
  }));
}

export function pk(
  n: number,
  k: number,
  reference: readonly number[],
  hypothesis: readonly number[],
): number {
  const w = windows(n, k, reference, hypothesis);
  return w.filter((x) => x.ref > 0 !== x.hyp > 0).length / w.length;
}

export function windowDiff(
  n: number,
  k: number,
  reference: readonly number[],
  hypothesis: readonly number[],
): number {
  const w = windows(n, k, reference, hypothesis);
  return w.filter((x) => x.ref !== x.hyp).length / w.length;
}

/** Mean distance (in units) from each reference boundary to the nearest hypothesis boundary; null with none found. */
export function meanNearestDistance(
  reference: readonly number[],
  hypothesis: readonly number[],
): number | null {
  if (reference.length === 0 || hypothesis.length === 0) return null;
  const total = reference.reduce((s, r) => s + Math.min(...hypothesis.map((h) => Math.abs(h - r))), 0);
  return total / reference.length;
}

/** The customary window: half the mean reference segment length, at least 1 and below n. */
export function halfMeanSegment(n: number, reference: readonly number[]): number {
  const segments = new Set(reference).size + 1;
  return Math.min(n - 1, Math.max(1, Math.round(n / segments / 2)));
}

/** Hand-worked cases (n = 10, one true boundary at 5, k = 2: eight windows); throws on the first mismatch. */
export function selfCheck(): string[] {
  const cases: [string, number, number][] = [
    ['identical: Pk', pk(10, 2, [5], [5]), 0],
    ['identical: WindowDiff', windowDiff(10, 2, [5], [5]), 0],
    // No boundary found: the windows (3,5] and (4,6] straddle the true one, 2 of 8.
    ['none found: Pk', pk(10, 2, [5], []), 2 / 8],
    ['none found: WindowDiff', windowDiff(10, 2, [5], []), 2 / 8],
    // One day late: (3,5] misses it, (5,7] has a false one.
    ['one late: Pk', pk(10, 2, [5], [6]), 2 / 8],
    ['one late: WindowDiff', windowDiff(10, 2, [5], [6]), 2 / 8],
    // An extra boundary next to the true one: Pk sees only (5,7]; WindowDiff also counts two in (4,6].
    ['extra: Pk', pk(10, 2, [5], [5, 6]), 1 / 8],
    ['extra: WindowDiff', windowDiff(10, 2, [5], [5, 6]), 2 / 8],
    // Everything a boundary: every window holds one, the 6 that should not disagree.
    ['all: Pk', pk(10, 2, [5], [1, 2, 3, 4, 5, 6, 7, 8, 9]), 6 / 8],
    ['distance', meanNearestDistance([5, 20], [7, 19]) ?? -1, 1.5],
    ['half mean segment', halfMeanSegment(100, [50]), 25],
  ];
  const results: string[] = [];
  for (const [name, got, want] of cases) {
    if (Math.abs(got - want) > 1e-12) throw new Error(`self-check failed: ${name}: got ${got}, want ${want}`);
    results.push(`ok  ${name} = ${Number(got.toFixed(4))}`);
  }
  let threw = false;
  try {
    pk(10, 2, [10], []);
  } catch {
    threw = true;
  }
  if (!threw) throw new Error('self-check failed: a boundary outside 1..n-1 must be refused');
  results.push('ok  boundary outside 1..n-1 refused');
  return results;
}
