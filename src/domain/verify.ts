import { z } from 'zod';
import { type CycleHealth, cycleHealthSchema } from './cycle-health.js';
import type { TermCount } from './term-keys.js';

/** The checks of `strata verify`, in the order a report lists them, with what each one holds to. */
export const VERIFY_CHECKS = {
  'memory-day-parent': 'every settled memory is under exactly one day summary of its own day',
  'period-parent': "every settled day is under its ISO week, every settled week under its Thursday's month",
  'next-period-chain': "each level's NEXT_PERIOD links form one simple chain in period order",
  'summary-counts': "each summary's messageCount equals what it covers",
  vectors: "memories and active summaries carry vectors of the embedder's size",
  'entity-counts': "each entity's mentions and sessions equal what its sessions' MENTIONS_ENTITY links count",
  'entity-groups': "every entity is its group's, and no MENTIONS_ENTITY or CO_OCCURS link crosses groups",
  'term-counts':
    "each term's count equals how many of the group's memories hold it, recounted from their words",
  'turn-links':
    "each memory's NEXT_TURN leads to the next turn of its conversation within a day, and only there",
} as const;

export type VerifyCheckName = keyof typeof VERIFY_CHECKS;

export const verifyFindingSchema = z.object({
  check: z.enum(Object.keys(VERIFY_CHECKS) as [VerifyCheckName, ...VerifyCheckName[]]),
  /**
   * Where it was found: a summary level, 'memory', for entities 'entity', 'MENTIONS_ENTITY', 'CO_OCCURS', for terms
   * 'term' (a count that differs from the recount) or 'empty term' (a node left with no memory).
   */
  where: z.string(),
  count: z.number().int(),
  examples: z
    .array(z.string())
    .meta({ description: 'Up to five ids (or chain figures) to start looking from' }),
});

export type VerifyFinding = z.infer<typeof verifyFindingSchema>;

export const verifyReportSchema = z
  .object({
    groupId: z.string(),
    ok: z.boolean().meta({ description: 'True when every check holds' }),
    checks: z.array(
      z.object({
        check: verifyFindingSchema.shape.check,
        description: z.string(),
        ok: z.boolean(),
        findings: z.array(verifyFindingSchema),
        skipped: z.string().optional().meta({
          description: 'Why the check did not run this time (work under way that it would misread)',
        }),
      }),
    ),
    pending: z
      .object({ memories: z.number().int() })
      .meta({ description: 'Work the next cycle will take; not a fault' }),
    cycle: cycleHealthSchema.meta({
      description:
        "Whether the group's cycles keep up: a sound graph can still be behind (`strata verify` exits 4)",
    }),
  })
  .meta({ id: 'VerifyReport' });

export type VerifyReport = z.infer<typeof verifyReportSchema>;

/** The shape of one level's NEXT_PERIOD chain, as verify/next-period-chain.cypher measures it. */
export interface ChainShape {
  level: string;
  nodes: number;
  links: number;
  branching: number;
  merging: number;
  heads: number;
  backwards: number;
}

/** A chain is one simple path in period order: nodes - 1 links, no forks or merges, one head, nothing backwards. */
export function chainFinding(chain: ChainShape): VerifyFinding | null {
  const expectedHeads = chain.nodes > 0 ? 1 : 0;
  const simple =
    chain.links === Math.max(0, chain.nodes - 1) &&
    chain.branching === 0 &&
    chain.merging === 0 &&
    chain.heads === expectedHeads &&
    chain.backwards === 0;
  if (simple) return null;
  const { level, ...figures } = chain;
  return {
    check: 'next-period-chain',
    where: level,
    count: 1,
    examples: [
      Object.entries(figures)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    ],
  };
}

/** Examples a finding lists at most. */
const EXAMPLES = 5;

/**
 * The term-counts findings: the keys whose stored count (none: 0) differs from the recount of the group's memories,
 * and the Term nodes left at 0 or below, which the writer that took them there should have deleted. Examples read
 * `key (stored vs recounted)`.
 */
export function termCountFindings(
  recount: ReadonlyMap<string, number>,
  stored: TermCount[],
): VerifyFinding[] {
  const differ: string[] = [];
  const empty: string[] = [];
  const seen = new Set<string>();
  for (const { term, memories } of stored) {
    seen.add(term);
    const counted = recount.get(term) ?? 0;
    if (memories <= 0) empty.push(`${term} (${memories} vs ${counted})`);
    else if (memories !== counted) differ.push(`${term} (${memories} vs ${counted})`);
  }
  for (const [term, counted] of recount) if (!seen.has(term)) differ.push(`${term} (0 vs ${counted})`);
  return [
    { check: 'term-counts', where: 'term', count: differ.length, examples: differ.slice(0, EXAMPLES) },
    { check: 'term-counts', where: 'empty term', count: empty.length, examples: empty.slice(0, EXAMPLES) },
  ];
}

/**
 * One report from every finding; a check with no finding holds. A check in `skipped` did not run, for the reason
 * given: it holds, and says so.
 */
export function buildVerifyReport(
  groupId: string,
  findings: VerifyFinding[],
  pendingMemories: number,
  cycle: CycleHealth,
  skipped: Partial<Record<VerifyCheckName, string>> = {},
): VerifyReport {
  const checks = (Object.keys(VERIFY_CHECKS) as VerifyCheckName[]).map((check) => {
    const own = findings.filter((f) => f.check === check && f.count > 0);
    const reason = skipped[check];
    return {
      check,
      description: VERIFY_CHECKS[check],
      ok: own.length === 0,
      findings: own,
      ...(reason ? { skipped: reason } : {}),
    };
  });
  return { groupId, ok: checks.every((c) => c.ok), checks, pending: { memories: pendingMemories }, cycle };
}
