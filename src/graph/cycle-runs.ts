import type { Graph } from './graph.js';

export interface LeaseState {
  acquired: boolean;
  owner: string;
  expiresAt: string;
}

/** Leases (one cycle per group at a time, across instances), run records, and which groups are due. */
export class CycleRunRepository {
  constructor(private readonly graph: Graph) {}

  async acquireLease(groupId: string, owner: string, ttlSeconds: number): Promise<LeaseState> {
    const [row] = await this.graph.write<LeaseState>('jobs/acquire-lease', {
      leaseId: groupId,
      owner,
      ttlSeconds,
    });
    if (!row) throw new Error(`lease query for group ${groupId} returned no row`);
    return row;
  }

  async renewLease(groupId: string, owner: string, ttlSeconds: number): Promise<boolean> {
    const rows = await this.graph.write('jobs/renew-lease', { leaseId: groupId, owner, ttlSeconds });
    return rows.length > 0;
  }

  async releaseLease(groupId: string, owner: string): Promise<void> {
    await this.graph.write('jobs/release-lease', { leaseId: groupId, owner });
  }

  async startRun(runId: string, groupId: string, owner: string, dryRun: boolean): Promise<void> {
    await this.graph.write('jobs/start-run', { runId, groupId, owner, dryRun });
  }

  async finishRun(run: {
    runId: string;
    status: 'succeeded' | 'failed';
    counts: unknown;
    errors: string[];
    created: number;
    updated: number;
    pruned: number;
    hasPendingWork: boolean;
  }): Promise<void> {
    await this.graph.write('jobs/finish-run', { ...run, counts: JSON.stringify(run.counts) });
  }

  async hasPendingWork(groupId: string): Promise<boolean> {
    const [row] = await this.graph.read<{ pending: boolean }>('jobs/has-pending-work', { groupId });
    return row?.pending ?? false;
  }

  async groupsDue(): Promise<string[]> {
    return (await this.graph.read<{ groupId: string }>('jobs/groups-due')).map((r) => r.groupId);
  }
}
