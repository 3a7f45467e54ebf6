/**
 * The memories a ranked summary or era shows beneath it (its details), chosen from the memory candidates of the
 * same recall. A client reads a response in order, so every memory a summary shows comes before the hits ranked
 * below the summary: a detail that the ranking itself placed lower would push a better hit out of the first k.
 * A summary therefore shows the candidates beneath it that the ranking returns, and only when none of them is
 * returned the best candidates beneath it, as before; it is walked down for more only when it has too few
 * candidates beneath it at all.
 */

/** A memory beneath a summary or era, with the ids from it down to the memory. */
export interface DetailPath {
  id: string;
  path: string[];
}

export interface SummaryDetails {
  /** The memories to show, best first, at most perSummary. */
  known: DetailPath[];
  /** How many memory candidates lie beneath the summary in all. */
  candidates: number;
}

/**
 * For each of `summaries`, its details. `candidates` are the memory candidates best first, each with the paths
 * up to the summaries above it (top first, as recall/lexical-search.cypher gives them); `ranked` holds the ids
 * of the memories the ranking returns.
 */
export function summaryDetails(
  summaries: Iterable<string>,
  candidates: Iterable<{ id: string; above: string[][] }>,
  ranked: ReadonlySet<string>,
  perSummary: number,
): Map<string, SummaryDetails> {
  const beneath = new Map<string, DetailPath[]>();
  for (const summary of summaries) beneath.set(summary, []);
  for (const memory of candidates) {
    for (const path of memory.above) {
      const under = beneath.get(path[0] as string);
      // Two paths of one memory up to the same summary: the memory comes once, by its first path.
      if (!under || under.at(-1)?.id === memory.id) continue;
      under.push({ id: memory.id, path });
    }
  }
  const details = new Map<string, SummaryDetails>();
  for (const [summary, under] of beneath) {
    const returned = under.filter((d) => ranked.has(d.id));
    details.set(summary, {
      known: (returned.length > 0 ? returned : under).slice(0, Math.max(0, perSummary)),
      candidates: under.length,
    });
  }
  return details;
}

/** How far a summary or era can sit above a memory: era, month, week, day. */
const MAX_LEVELS_ABOVE = 4;

/**
 * Every path down to a memory from a summary or era above it, top first (the `above` summaryDetails reads), given
 * each node's parents by id: the links arrive once each, not once per path, and the paths are rebuilt here.
 */
export function pathsUp(memoryId: string, parentsOf: ReadonlyMap<string, readonly string[]>): string[][] {
  const paths: string[][] = [];
  const climb = (path: string[]) => {
    if (path.length > MAX_LEVELS_ABOVE) return;
    for (const parent of parentsOf.get(path[0] as string) ?? []) {
      const up = [parent, ...path];
      paths.push(up);
      climb(up);
    }
  };
  climb([memoryId]);
  return paths;
}
