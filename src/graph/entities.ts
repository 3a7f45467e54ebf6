import { ENTITY_KIND_LABELS, type KnownPerson, type SessionEntities } from '../domain/entity-resolution.js';
import type { Graph, Statement } from './graph.js';
import { writeHoldingGroup } from './groups.js';

/** Aliases an entity keeps at most: the spellings the first sessions gave it. */
export const ALIASES_PER_ENTITY = 32;

export interface PendingSession {
  summaryId: string;
  messageCount: number;
}

/** What the cycle's entity step needs from the graph; EntityRepository is the Neo4j one, tests hand in their own. */
export type EntityStore = Pick<
  EntityRepository,
  'pendingSessions' | 'sessionMessages' | 'knownPeople' | 'writeSessions'
>;

/** The entities of groups: the cycle's reads and writes (one method per Cypher file), and the reads of the API. */
export class EntityRepository {
  constructor(private readonly graph: Graph) {}

  /** The oldest `limit` session summaries whose entities are not linked yet, oldest first. */
  pendingSessions(groupId: string, limit: number): Promise<PendingSession[]> {
    return this.graph.read<PendingSession>('entities/pending-sessions', { groupId, limit });
  }

  /** The messages of several sessions of the group, by summary id. */
  async sessionMessages(
    groupId: string,
    summaryIds: string[],
  ): Promise<Map<string, { text: string; speaker: string }[]>> {
    const rows = await this.graph.read<{ summaryId: string; text: string; speaker: string }>(
      'entities/session-memories',
      { groupId, summaryIds },
    );
    const out = new Map<string, { text: string; speaker: string }[]>();
    for (const { summaryId, text, speaker } of rows) {
      const list = out.get(summaryId);
      if (list) list.push({ text, speaker });
      else out.set(summaryId, [{ text, speaker }]);
    }
    return out;
  }

  /** The group's people of several words whose first word is one of `firstNames`. */
  knownPeople(groupId: string, firstNames: string[]): Promise<KnownPerson[]> {
    if (firstNames.length === 0) return Promise.resolve([]);
    return this.graph.read<KnownPerson>('entities/known-people', { groupId, firstNames });
  }

  /**
   * Links the entities of several sessions in one transaction behind the group lock: what each contributed before is
   * taken back, then what it names now is written, and its pending flag goes. Writing a session twice counts it once.
   */
  async writeSessions(groupId: string, sessions: SessionEntities[]): Promise<void> {
    if (sessions.length === 0) return;
    const rows = sessions.map((s) => ({
      summaryId: s.summaryId,
      mentions: s.mentions.map((m) => ({ ...m, label: ENTITY_KIND_LABELS[m.kind] })),
      pairs: s.pairs,
    }));
    const statements: Statement[] = [
      { name: 'entities/retract-sessions', params: { rows: rows.map((r) => ({ summaryId: r.summaryId })) } },
      { name: 'entities/write-sessions', params: { rows, aliasRoom: ALIASES_PER_ENTITY } },
    ];
    const weight = rows.reduce((n, r) => n + r.mentions.length + r.pairs.length, 0);
    await this.graph.writeTx((tx) => writeHoldingGroup(tx, groupId, statements), { weight });
  }
}
