import { GroupGoneError } from '../errors.js';
import { cypher } from './cypher.js';
import type { Graph, GraphTx } from './graph.js';

/** The Group node: a tenant's settings and bookkeeping. Its memories and summaries carry its id as a property. */
export class GroupRepository {
  constructor(private readonly graph: Graph) {}

  /**
   * Deletes the group for good, even while its cycle runs: the group node goes first (waiting for any cycle write
   * in flight, see holdGroup), so no later write of that cycle lands; then everything the group owns, in batches.
   */
  async deleteGroup(groupId: string): Promise<void> {
    await this.graph.write('maintenance/delete-group-node', { groupId });
    await this.graph.autoCommit(cypher('maintenance/delete-group'), { groupId });
  }
}

/**
 * Starts a cycle's write transaction: locks the group node until commit (a delete waits for it) and throws when the
 * group is gone, so nothing is written for a deleted group.
 */
export async function holdGroup(tx: GraphTx, groupId: string): Promise<void> {
  const rows = await tx.run('jobs/hold-group', { groupId });
  if (rows.length === 0) throw new GroupGoneError(groupId);
}
