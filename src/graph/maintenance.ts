import type { ArchiveBound, DecaySetting } from '../domain/decay.js';
import { SUMMARY_LEVELS } from '../domain/levels.js';
import { cypher } from './cypher.js';
import type { Graph } from './graph.js';
import { type MemoryWords, subtractTermCounts, TERM_BATCH } from './term-stats.js';
import { relinkTurns } from './turns.js';

/** Summaries archived (or, in a dry run, archivable) per level. */
export type ArchivedByLevel = Record<string, number>;

/** What the maintenance steps need from the graph; MaintenanceRepository is the Neo4j one. */
export type MaintenanceStore = Pick<MaintenanceRepository, keyof MaintenanceRepository>;

/** Where a batch of pruning ended: the last original's ingestedAt as Neo4j writes it, and its id. */
interface PruneCursor {
  at: string;
  id: string;
}

/** Before every instant Neo4j can hold, so the first batch starts at the beginning. */
const PRUNE_START: PruneCursor = { at: '-999999999-01-01T00:00:00Z', id: '' };

/** Decay refresh, archiving of decayed summaries and pruning of retained originals. */
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

  /**
   * Deletes the originals countPrunableMemories counts, in batches of `batchSize`, one write transaction each: under
   * the group node's lock, it reads the batch, deletes it (its summaries count it in prunedMemories), takes the
   * memories the group's term statistics hold out of them (graph/term-stats.ts) and links the turns left beside
   * them again (graph/turns.ts), so a crash between batches leaves
   * the counts exact and the rest for the next day's pruning. Stops when none is left or the group is gone.
   */
  async pruneMemories(groupId: string, cutoff: Date, batchSize = TERM_BATCH): Promise<void> {
    for (let after: PruneCursor | null = PRUNE_START; after; ) {
      const from: PruneCursor = after;
      after = await this.graph.writeTx(
        async (tx) => {
          const batch = await tx.run<MemoryWords & { ingestedAt: string; counted: boolean }>(
            'maintenance/prunable-page',
            {
              groupId,
              cutoff: cutoff.toISOString(),
              afterAt: from.at,
              afterId: from.id,
              limit: batchSize,
            },
          );
          if (batch.length === 0) return null;
          const [pruned] = await tx.runAll([
            { name: 'maintenance/prune-memories', params: { groupId, ids: batch.map((m) => m.id) } },
            ...subtractTermCounts(
              groupId,
              batch.filter((m) => m.counted),
            ),
          ]);
          const besides = (pruned as { besides: string[] }[])[0]?.besides ?? [];
          await tx.runAll(relinkTurns(groupId, besides));
          const last = batch.at(-1) as { id: string; ingestedAt: string };
          return batch.length === batchSize ? { at: last.ingestedAt, id: last.id } : null;
        },
        // A memory and its two summary links (session, day) each.
        { weight: 3 * batchSize },
      );
    }
  }
}

interface LevelCount {
  level: string;
  count: number;
}

function byLevel(rows: LevelCount[]): ArchivedByLevel {
  return Object.fromEntries(rows.map((r) => [r.level, r.count]));
}
