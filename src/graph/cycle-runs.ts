import type { CycleReport } from '../domain/cycle-report.js';
import type { DecayRefresh } from '../domain/decay.js';
import type { Graph } from './graph.js';
import type { GroupCycleSettings } from './rollups.js';

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
  /** The UTC day (YYYY-MM-DD) a cycle last pruned the group; null before the first. */
  lastPrunedOn: string | null;
  /** The group clock and decay settings of its last decay refresh; null before the first. */
  decayRefreshed: DecayRefresh | null;
  /** The Strata instance that ran that previous cycle; null before the first. */
  previousInstance: string | null;
}

/** How a cycle opens: its group's settings and lease, and its run record when the lease is its own. */
export interface RunOpening {
  settings: GroupCycleSettings;
  lease: LeaseState;
  /** Null when another owner holds the lease: no run was opened. */
  run: RunStart | null;
}

/** What the cycle needs for its bookkeeping; CycleRunRepository is the Neo4j one. */
export type CycleRunStore = Pick<CycleRunRepository, 'openRun' | 'renewLease' | 'releaseLease' | 'finishRun'>;

/** Leases (one cycle per group at a time, across instances), run records, and which groups are due. */
export class CycleRunRepository {
  constructor(private readonly graph: Graph) {}

  /**
   * What every cycle does first, in one statement (jobs/open-run.cypher): reads the group's settings, takes its lease
   * if it is free, expired or already the owner's, and, when the lease is the owner's, opens the run record, marking
   * abandoned the runs that owners which died left open. One round trip where there were three: every cycle opens,
   * even one with nothing to do. Null when the group does not exist.
   */
  async openRun(run: {
    runId: string;
    groupId: string;
    owner: string;
    ttlSeconds: number;
    dryRun: boolean;
  }): Promise<RunOpening | null> {
    const [row] = await this.graph.write<GroupCycleSettings & LeaseState & { run: RunStart | null }>(
      'jobs/open-run',
      run,
    );
    if (!row) return null;
    const { timezone, latestMemoryAt, acquired, owner, expiresAt, run: opened } = row;
    return { settings: { timezone, latestMemoryAt }, lease: { acquired, owner, expiresAt }, run: opened };
  }

  async renewLease(groupId: string, owner: string, ttlSeconds: number): Promise<boolean> {
    const rows = await this.graph.write('jobs/renew-lease', { leaseId: groupId, owner, ttlSeconds });
    return rows.length > 0;
  }

  async releaseLease(groupId: string, owner: string): Promise<void> {
    await this.graph.write('jobs/release-lease', { leaseId: groupId, owner });
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
    /** The UTC day the cycle pruned the group, null when it did not: recorded on the group. */
    prunedOn: string | null;
    /** The Strata instance that ran it: recorded on the group with how it ended. */
    instance: string;
    /** The lease holder: the lease is released only if it still holds it. */
    leaseOwner: string;
  }): Promise<void> {
    const { groupId, leaseOwner, ...record } = run;
    await this.graph.writeTx((tx) =>
      tx.runAll([
        { name: 'jobs/finish-run', params: { ...record, counts: JSON.stringify(record.counts) } },
        { name: 'jobs/release-lease', params: { leaseId: groupId, owner: leaseOwner } },
      ]),
    );
  }

  async groupsDue(): Promise<string[]> {
    return (await this.graph.read<{ groupId: string }>('jobs/groups-due')).map((r) => r.groupId);
  }

  /** How long, in seconds, the oldest backlog of any group has waited for a cycle; 0 when none waits. */
  async oldestBacklogSeconds(): Promise<number> {
    const [row] = await this.graph.read<{ seconds: number }>('jobs/oldest-backlog');
    return row?.seconds ?? 0;
  }
}
