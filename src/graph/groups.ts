import { type EraParameters, parseEraParameters } from '../domain/era.js';
import { GroupGoneError } from '../errors.js';
import { cypher } from './cypher.js';
import type { Graph, GraphTx, Row, Statement } from './graph.js';

/** The Group node: a tenant's settings and bookkeeping. Its memories and summaries carry its id as a property. */
export class GroupRepository {
  constructor(private readonly graph: Graph) {}

  /**
   * Deletes the group for good, even while its cycle runs: the group node goes first (waiting for any cycle write
   * in flight, see writeHoldingGroup), so no later write of that cycle lands; then everything the group owns, in
   * batches.
   */
  /** Its time zone and own era parameters (null: the server's); null for a group that does not exist. */
  async settings(groupId: string): Promise<{ timezone: string; eras: EraParameters | null } | null> {
    const [row] = await this.graph.read<{ timezone: string; eraParameters: string | null }>(
      'groups/settings',
      {
        groupId,
      },
    );
    return row ? { timezone: row.timezone, eras: parseEraParameters(row.eraParameters) } : null;
  }

  async deleteGroup(groupId: string): Promise<void> {
    await this.graph.write('maintenance/delete-group-node', { groupId });
    await this.graph.autoCommit(cypher('maintenance/delete-group'), { groupId });
  }
}

/**
 * A cycle's write: the group node's lock first, held until commit (a delete waits for it), then the statements,
 * sent with it in one go (GraphTx.runAll). Throws GroupGoneError when the group is gone, which rolls everything back,
 * so nothing is written for a deleted group. Returns the statements' rows, in order.
 */
export async function writeHoldingGroup(
  tx: GraphTx,
  groupId: string,
  statements: Statement[],
): Promise<Row[][]> {
  const [held, ...rows] = await tx.runAll([{ name: 'jobs/hold-group', params: { groupId } }, ...statements]);
  if (held?.length === 0) throw new GroupGoneError(groupId);
  return rows;
}
