import type { ArchiveBound, DecaySetting } from '../domain/decay.js';
import { SUMMARY_LEVELS } from '../domain/levels.js';
import { cypher } from './cypher.js';
import type { Graph } from './graph.js';

/** Summaries archived (or, in a dry run, archivable) per level. */
export type ArchivedByLevel = Record<string, number>;

/** What the maintenance steps need from the graph; MaintenanceRepository is the Neo4j one. */
export type MaintenanceStore = Pick<MaintenanceRepository, keyof MaintenanceRepository>;

/** Decay refresh, archiving of decayed summaries and pruning of retained originals; each one statement per group. */
export class MaintenanceRepository {
  constructor(private readonly graph: Graph) {}

  /**
   * Writes the decay of every summary that ended from `endsFrom[level]` on (null: every one) and records the clock
   * and settings key of the refresh on the group.
   */
  async refreshDecay(
    groupId: string,
    refresh: {
      decay: Record<string, DecaySetting>;
      clock: Date;
      endsFrom: Record<string, string | null>;
      settingsKey: string;
    },
  ): Promise<number> {
    const [row] = await this.graph.write<{ updated: number }>('maintenance/refresh-decay', {
      groupId,
      levels: SUMMARY_LEVELS,
      decay: refresh.decay,
      now: refresh.clock.toISOString(),
      endsFrom: refresh.endsFrom,
      settingsKey: refresh.settingsKey,
    });
    return row?.updated ?? 0;
  }

  /** Counts what archiveSummaries would archive. */
  async countArchivable(groupId: string, minDecay: number, levels: ArchiveBound[]): Promise<ArchivedByLevel> {
    return byLevel(
      await this.graph.read<LevelCount>('maintenance/archivable-summaries', { groupId, minDecay, levels }),
    );
  }

  /**
   * Archives the summaries of `levels` still in recall whose decay fell below `minDecay`, each level's read only up
   * to the end before which its decay is that low (domain/decay.ts decayedBefore). Batched (CALL IN TRANSACTIONS),
   * so it runs in an auto-commit transaction; what a failed batch left, the next cycle that prunes archives.
   */
  async archiveSummaries(
    groupId: string,
    minDecay: number,
    levels: ArchiveBound[],
  ): Promise<ArchivedByLevel> {
    return byLevel(
      await this.graph.autoCommit<LevelCount>(cypher('maintenance/archive-summaries'), {
        groupId,
        minDecay,
        levels,
      }),
    );
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

interface LevelCount {
  level: string;
  count: number;
}

function byLevel(rows: LevelCount[]): ArchivedByLevel {
  return Object.fromEntries(rows.map((r) => [r.level, r.count]));
}
