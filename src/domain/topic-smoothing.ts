/**
 * Topic distributions smoothed toward the group's background, so that two sparse periods of one era do not look
 * disjoint. A week lists its three to seven strongest topics; two weeks of the same era often list different
 * ones ("florist, peony" one week, "caterer, seating plan" the next) and their raw Jensen-Shannon divergence is
 * then near 1, as large as across an era change. The background says which topics belong together: each topic
 * lends part of its weight to the topics the group's *other* periods mention alongside it, in proportion to how
 * often they do. Weeks of one era then share much of their mass, weeks on either side of a change share little.
 *
 *   smoothed(p) = (1 - weight) * p + weight * sum over t of p(t) * P(u | t, the other periods)
 *
 * where P(u | t, others) is the co-occurrence of t and u over every period but p's own, normalised per t. Leaving
 * the period itself out keeps a period from confirming its own topics. A topic no other period mentions keeps only
 * its own share (1 - weight), rescaled with the rest, so one-off topics count for less; a period whose topics recur
 * nowhere keeps its own mix.
 */

/** Share of each period's weight moved through the background; 0.8 separated eras best on the demo groups. */
export const BACKGROUND_WEIGHT = 0.8;

type Distribution = ReadonlyMap<string, number>;

/** The distributions (each summing to 1, or empty) smoothed toward the background the others make up. */
export function smoothTowardBackground(
  distributions: readonly Distribution[],
  weight = BACKGROUND_WEIGHT,
): Map<string, number>[] {
  if (!(weight >= 0 && weight <= 1)) throw new RangeError(`weight must be within 0..1, got ${weight}`);
  const cooccurrence = new Map<string, Map<string, number>>();
  const rowTotals = new Map<string, number>();
  for (const p of distributions) {
    for (const [t, a] of p) {
      let row = cooccurrence.get(t);
      if (!row) {
        row = new Map();
        cooccurrence.set(t, row);
      }
      for (const [u, b] of p) row.set(u, (row.get(u) ?? 0) + a * b);
      rowTotals.set(t, (rowTotals.get(t) ?? 0) + a * total(p));
    }
  }
  return distributions.map((p) => smoothOne(p, cooccurrence, rowTotals, weight));
}

function smoothOne(
  p: Distribution,
  cooccurrence: ReadonlyMap<string, ReadonlyMap<string, number>>,
  rowTotals: ReadonlyMap<string, number>,
  weight: number,
): Map<string, number> {
  const out = new Map<string, number>();
  const add = (name: string, value: number) => out.set(name, (out.get(name) ?? 0) + value);
  const mass = total(p);
  for (const [t, a] of p) {
    add(t, (1 - weight) * a);
    // A topic no other period mentions keeps only its own share: a one-off says little about eras.
    // The row of t without this period's own contribution (a * b for each u it lists, a * mass in all).
    const others = (rowTotals.get(t) ?? 0) - a * mass;
    if (weight === 0 || !(others > 1e-12)) continue;
    for (const [u, c] of cooccurrence.get(t) ?? []) {
      const share = c - a * (p.get(u) ?? 0);
      if (share > 1e-12) add(u, (weight * a * share) / others);
    }
  }
  const sum = total(out);
  return sum > 0 ? new Map([...out].map(([name, v]) => [name, v / sum])) : out;
}

function total(p: Distribution): number {
  let sum = 0;
  for (const v of p.values()) sum += v;
  return sum;
}
