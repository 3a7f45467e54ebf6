import {
  ENTITY_KIND_LABELS,
  type EntityLookups,
  entityId,
  type KnownEntity,
  type SessionEntities,
} from '../domain/entity-resolution.js';
import type { EntityList, EntityListQuery, EntityProfile, EntityRecord } from '../domain/entity-shapes.js';
import type { Graph, Statement } from './graph.js';
import { writeHoldingGroup } from './groups.js';

/** What a profile shows: co-occurring entities, latest sessions, and memories read from how many of those. */
const PROFILE_RELATED = 10;
const PROFILE_SESSIONS = 20;
const PROFILE_MEMORIES = 10;
/** Memories whose text holds the name somewhere, read to keep those that name it as a word. */
const MEMORY_CANDIDATES = 200;

/** Aliases an entity keeps at most: the spellings the first sessions gave it. */
export const ALIASES_PER_ENTITY = 32;

export interface PendingSession {
  summaryId: string;
  messageCount: number;
  /** Its originals were pruned and its entities are linked: they stay (keepSessions), not read again. */
  keep: boolean;
}

/** What the cycle's entity step needs from the graph; EntityRepository is the Neo4j one, tests hand in their own. */
export type EntityStore = Pick<
  EntityRepository,
  'pendingSessions' | 'sessionMessages' | 'knownEntities' | 'writeSessions' | 'keepSessions'
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

  /** Sessions whose entities stay as linked: no longer pending. */
  async keepSessions(groupId: string, summaryIds: string[]): Promise<void> {
    if (summaryIds.length > 0) await this.graph.write('entities/keep-sessions', { groupId, summaryIds });
  }

  /** The group's entities that a batch's mentions may stand for: by short forms, and by key (as an entity id). */
  knownEntities(groupId: string, lookups: EntityLookups): Promise<KnownEntity[]> {
    const { firstNames, shortNames, initials, keys } = lookups;
    if (firstNames.length + shortNames.length + initials.length + keys.length === 0)
      return Promise.resolve([]);
    const ids = keys.map((key) => entityId(groupId, key));
    return this.graph.read<KnownEntity>('entities/known-entities', {
      groupId,
      firstNames,
      shortNames,
      initials,
      ids,
    });
  }

  /**
   * Links the entities of several sessions in one transaction behind the group lock: what each contributed before is
   * taken back, then what it names now is written, and its pending flag goes. Writing a session twice counts it once.
   */
  async writeSessions(groupId: string, sessions: SessionEntities[]): Promise<void> {
    if (sessions.length === 0) return;
    const rows = sessions.map((s) => ({
      summaryId: s.summaryId,
      mentions: s.mentions,
      pairs: s.pairs,
    }));
    const statements: Statement[] = [
      { name: 'entities/retract-sessions', params: { rows: rows.map((r) => ({ summaryId: r.summaryId })) } },
      {
        name: 'entities/write-sessions',
        params: { rows, aliasRoom: ALIASES_PER_ENTITY, labels: ENTITY_KIND_LABELS },
      },
    ];
    const weight = rows.reduce((n, r) => n + r.mentions.length + r.pairs.length, 0);
    await this.graph.writeTx((tx) => writeHoldingGroup(tx, groupId, statements), { weight });
  }
}

/** The API's reads of entities; null where the group (or the entity in it) does not exist. */
export class EntityReads {
  constructor(private readonly graph: Graph) {}

  async list(groupId: string, query: EntityListQuery): Promise<EntityList | null> {
    const [row] = await this.graph.read<{ groupExists: boolean; entities: EntityRecord[] }>('entities/list', {
      groupId,
      kind: query.kind ?? null,
      name: query.name ?? null,
      from: query.from ? new Date(query.from).toISOString() : null,
      to: query.to ? new Date(query.to).toISOString() : null,
      sort: query.sort,
      offset: query.offset,
      limit: query.limit,
    });
    if (!row?.groupExists) return null;
    const more = row.entities.length > query.limit;
    return {
      entities: row.entities.slice(0, query.limit),
      nextOffset: more ? query.offset + query.limit : null,
    };
  }

  async profile(groupId: string, entityId: string): Promise<EntityProfile | null> {
    const params = { groupId, entityId };
    const [[row], candidates] = await Promise.all([
      this.graph.read<Omit<EntityProfile, 'memories'>>('entities/profile', {
        ...params,
        related: PROFILE_RELATED,
        sessions: PROFILE_SESSIONS,
      }),
      this.graph.read<EntityProfile['memories'][number]>('entities/latest-memories', {
        ...params,
        sessions: PROFILE_SESSIONS,
        limit: MEMORY_CANDIDATES,
      }),
    ]);
    if (!row) return null;
    const names = [row.entity.name, ...row.entity.aliases];
    const memories = candidates.filter((m) => namesAny(m.text, names)).slice(0, PROFILE_MEMORIES);
    return { ...row, memories };
  }
}

/** Whether the text names one of `names` as whole words, in any case. */
export function namesAny(text: string, names: readonly string[]): boolean {
  return names.some((name) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
  });
}
