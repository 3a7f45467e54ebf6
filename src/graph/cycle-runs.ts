import type { CycleReport } from '../domain/cycle-report.js';
import { GroupGoneError } from '../errors.js';
import type { Graph } from './graph.js';

export interface LeaseState {
  acquired: boolean;
  owner: string;
  expiresAt: string;
}

export interface RunStart {
  /** Runs of owners that died holding the lease, marked abandoned now. */
  abandoned: number;
  /** How the group's previous cycle that was not a dry run ended ('running' when it died first); null before its first. */
  previousStatus: CycleReport['status'] | 'running' | null;
}

/** What the cycle needs for its bookkeeping; CycleRunRepository is the Neo4j one. */
export type CycleRunStore = Pick<
  CycleRunRepository,
  'acquireLease' | 'renewLease' | 'releaseLease' | 'startRun' | 'finishRun'
>;

/** Leases (one cycle per group at a time, across instances), run records, and which groups are due. */
export class CycleRunRepository {
  constructor(private readonly graph: Graph) {}

  /** Throws GroupGoneError when the group does not exist. */
  async acquireLease(groupId: string, owner: string, ttlSeconds: number): Promise<LeaseState> {
    const [row] = await this.graph.write<LeaseState>('jobs/acquire-lease', {
      leaseId: groupId,
      owner,
      ttlSeconds,
    });
    if (!row) throw new GroupGoneError(groupId);
    return row;
  }

  async renewLease(groupId: string, owner: string, ttlSeconds: number): Promise<boolean> {
    const rows = await this.graph.write('jobs/renew-lease', { leaseId: groupId, owner, ttlSeconds });
    return rows.length > 0;
  }

  async releaseLease(groupId: string, owner: string): Promise<void> {
    await this.graph.write('jobs/release-lease', { leaseId: groupId, owner });
  }

  /**
   * Opens the run record; the caller holds the lease, so runs of other owners still marked running (their owner
   * died or lost the lease before closing them) are marked abandoned. Returns how many were, and how the group's
   * previous writing cycle ended (null before its first). Throws GroupGoneError when the group does not exist.
   */
  async startRun(runId: string, groupId: string, owner: string, dryRun: boolean): Promise<RunStart> {
    const [row] = await this.graph.write<RunStart>('jobs/start-run', { runId, groupId, owner, dryRun });
    if (!row) throw new GroupGoneError(groupId);
    return { abandoned: row.abandoned, previousStatus: row.previousStatus };
  }

  /**
   * Closes the run record with how the cycle ended and, for one skipped, failed or stopped, why; and gives the
   * group's lease back in the same transaction (one commit, not two, at the end of every cycle).
   */
  async finishRun(run: {
    runId: string;
    groupId: string;
    status: CycleReport['status'];
    reason: string | null;
    counts: unknown;
    errors: string[];
    summarizerFallbacks: string[];
    created: number;
    updated: number;
    pruned: number;
    /** A cycle started now would summarise something: the scheduler runs the group at its next tick. */
    hasPendingWork: boolean;
    /** When open periods or active sessions become ready: the scheduler runs the group from then on. */
    nextWorkAt: string | null;
    /** The lease holder: the lease is released only if it still holds it. */
    leaseOwner: string;
  }): Promise<void> {
    const { groupId, leaseOwner, ...record } = run;
    await this.graph.writeTx(async (tx) => {
      await tx.run('jobs/finish-run', { ...record, counts: JSON.stringify(record.counts) });
      await tx.run('jobs/release-lease', { leaseId: groupId, owner: leaseOwner });
    });
  }

  async groupsDue(): Promise<string[]> {
    return (await this.graph.read<{ groupId: string }>('jobs/groups-due')).map((r) => r.groupId);
  }
}
