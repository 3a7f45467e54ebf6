import { cypher, type Statement } from './cypher.js';
import type { Graph } from './graph.js';

/**
 * A conversation's turns in order: `(:Memory)-[:NEXT_TURN]->(:Memory)` from each memory to the turn just after it in
 * its conversation: the same group, the same session id (or neither has one), the first in (ts, id) order, at most
 * TURN_LINK_HORIZON_MINUTES later. Recall reads a hit's neighbouring turns along them (recall/lexical-search.cypher),
 * where two ordered range seeks a hit took a fifth of Neo4j's CPU per recall; in Neo4j Browser a session reads as a
 * chain.
 *
 * Every writer of memories keeps them in the transaction of its write, under the group node's lock: ingest links
 * each part of a batch it writes, wherever its turns fall (cypher/turns/relink.cypher: one that arrives late takes
 * its place between two linked turns), pruning links again the memories beside those it deleted (graph/maintenance.ts), and deleting
 * a group deletes its memories with their links. Migration 8 links the memories stored before.
 */

/**
 * How far apart two turns may be and still be linked: recall joins turns at most SESSION_GAP_MINUTES apart, read
 * along the links, so a gap set above a day counts as a day. A fixed horizon keeps the links the same whatever the
 * setting was when they were written.
 */
export const TURN_LINK_HORIZON_MINUTES = 24 * 60;

/** The statement that links the group's memories `ids` into their conversations; none when there are none. */
export function relinkTurns(groupId: string, ids: string[]): Statement[] {
  return ids.length > 0
    ? [{ name: 'turns/relink', params: { groupId, ids, horizonMinutes: TURN_LINK_HORIZON_MINUTES } }]
    : [];
}

/** Migration 8: links every stored memory to the turn after it, ten thousand a transaction (rerun, it merges). */
export async function backfillTurnLinks(graph: Pick<Graph, 'autoCommit'>): Promise<void> {
  await graph.autoCommit(cypher('schema/backfill-turn-links'), {
    horizonMinutes: TURN_LINK_HORIZON_MINUTES,
  });
}
