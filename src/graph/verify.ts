import { type ChainShape, chainFinding, type VerifyCheckName, type VerifyFinding } from '../domain/verify.js';
import type { Graph } from './graph.js';
import { checkTermCounts } from './term-stats.js';
import { TURN_LINK_HORIZON_MINUTES } from './turns.js';

interface Row {
  level?: string;
  kind?: string;
  pending?: boolean;
  count: number;
  examples: string[];
}

/**
 * The integrity checks behind `strata verify`: read-only, one Cypher file each, but for the term counts, which are
 * recounted from the memories' words, a page at a time (graph/term-stats.ts).
 */
export class VerifyRepository {
  constructor(private readonly graph: Graph) {}

  /** Every finding for the group, how many memories wait for the next cycle, and the checks that did not run, why. */
  async check(
    groupId: string,
    dimension: number,
  ): Promise<{
    findings: VerifyFinding[];
    pendingMemories: number;
    skipped: Partial<Record<VerifyCheckName, string>>;
  }> {
    const read = (name: string, params: Record<string, unknown> = {}) =>
      this.graph.read<Row>(`verify/${name}`, { groupId, ...params });
    const [
      memoryRows,
      parentRows,
      countRows,
      vectorRows,
      entityCountRows,
      entityGroupRows,
      chains,
      terms,
      turnRows,
    ] = await Promise.all([
      read('memory-day-parents'),
      read('period-parents'),
      read('summary-counts'),
      read('vectors', { dimension }),
      read('entity-counts'),
      read('entity-groups'),
      Promise.all(
        ['session', 'day', 'week', 'month'].map(async (level) => {
          // An aggregation: always one row, zeros for a level with no summaries.
          const [shape] = await this.graph.read<Omit<ChainShape, 'level'>>('verify/next-period-chain', {
            groupId,
            level,
          });
          return { level, ...(shape as Omit<ChainShape, 'level'>) };
        }),
      ),
      checkTermCounts(this.graph, groupId),
      read('turn-links', { horizonMinutes: TURN_LINK_HORIZON_MINUTES }),
    ]);
    const findings: VerifyFinding[] = [
      ...memoryRows
        .filter((r) => !r.pending)
        .map((r) => ({ check: 'memory-day-parent' as const, where: 'memory', ...counted(r) })),
      ...parentRows.map((r) => ({ check: 'period-parent' as const, where: r.level ?? '', ...counted(r) })),
      ...countRows.map((r) => ({ check: 'summary-counts' as const, where: r.level ?? '', ...counted(r) })),
      ...vectorRows.map((r) => ({ check: 'vectors' as const, where: r.kind ?? '', ...counted(r) })),
      ...chains.flatMap((c) => chainFinding(c) ?? []),
      ...entityCountRows.map((r) => ({ check: 'entity-counts' as const, where: 'entity', ...counted(r) })),
      ...entityGroupRows.map((r) => ({
        check: 'entity-groups' as const,
        where: r.kind ?? '',
        ...counted(r),
      })),
      ...terms.findings,
      ...turnRows.map((r) => ({ check: 'turn-links' as const, where: 'memory', ...counted(r) })),
    ];
    const pendingMemories = memoryRows.find((r) => r.pending)?.count ?? 0;
    return { findings, pendingMemories, skipped: terms.skipped ? { 'term-counts': terms.skipped } : {} };
  }
}

function counted(row: Row): { count: number; examples: string[] } {
  return { count: row.count, examples: row.examples };
}
