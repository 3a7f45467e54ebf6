import type { DecaySetting } from '../domain/decay.js';
import { cypher } from './cypher.js';
import type { Graph } from './graph.js';

export interface PrunableSummary {
  id: string;
  level: string;
  parentIds: string[];
}

/** Decay refresh and pruning; each rule is one statement per group. */
export class MaintenanceRepository {
  constructor(private readonly graph: Graph) {}

  async refreshDecay(groupId: string, decay: Record<string, DecaySetting>, now: Date): Promise<number> {
    const [row] = await this.graph.write<{ updated: number }>('maintenance/refresh-decay', {
      groupId,
      decay,
      now: now.toISOString(),
    });
    return row?.updated ?? 0;
  }

  prunableSummaries(groupId: string, minDecay: number, keepLevels: string[]): Promise<PrunableSummary[]> {
    return this.graph.read('maintenance/prunable-summaries', { groupId, minDecay, keepLevels });
  }

  async pruneSummaries(ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const [row] = await this.graph.write<{ pruned: number }>('maintenance/prune-summaries', { ids });
    return row?.pruned ?? 0;
  }

  async countPrunableMemories(groupId: string, cutoff: Date): Promise<number> {
    const [row] = await this.graph.read<{ count: number }>('maintenance/prunable-memories', {
      groupId,
      cutoff: cutoff.toISOString(),
    });
    return row?.count ?? 0;
  }

  /** Batched delete (CALL IN TRANSACTIONS), so it runs in an auto-commit transaction. */
  async pruneMemories(groupId: string, cutoff: Date): Promise<void> {
    await this.graph.autoCommit(cypher('maintenance/prune-memories'), {
      groupId,
      cutoff: cutoff.toISOString(),
    });
  }
}
