import { cypher } from './cypher.js';
import type { Graph } from './graph.js';

/** The Group node: a tenant's settings and bookkeeping. Its memories and summaries carry its id as a property. */
export class GroupRepository {
  constructor(private readonly graph: Graph) {}

  /** Deletes every node of the group in batches of 5000, then the group node itself. */
  async deleteGroup(groupId: string): Promise<void> {
    await this.graph.autoCommit(cypher('maintenance/delete-group'), { groupId });
    await this.graph.write('maintenance/delete-group-node', { groupId });
  }
}
