import type { CalendarLevel, SummaryLevel } from '../domain/levels.js';
import { compareNames, topicId } from '../domain/topics.js';
import { toEmbeddingParam } from './embedding-param.js';
import type { Graph, Statement } from './graph.js';
import { writeHoldingGroup } from './groups.js';

export interface PendingSessionMemory {
  id: string;
  ts: string;
  sessionId: string | null;
}

export interface StoredSession {
  key: string;
  startsAt: string;
  endsAt: string;
  explicit: boolean;
  messageCount: number;
  /** A named session's sessionId (its key, or the key's prefix for a later part); the key for a time-based one. */
  sessionId: string;
}

export interface MemoryRow {
  id: string;
  text: string;
  speaker: string;
  ts: string;
}

export interface ChildSummaryRow {
  id: string;
  text: string;
  periodStart: string;
  messageCount: number;
  activeUsers: string[] | null;
  activeUserCounts: number[] | null;
}

/** Everything a Summary node holds except its vector, in the shape upsert-summary.cypher takes. */
export interface SummaryWrite {
  id: string;
  groupId: string;
  level: SummaryLevel;
  periodStart: string;
  periodEnd: string;
  startsAt: string;
  endsAt: string;
  sessionKey: string | null;
  explicit: boolean | null;
  text: string;
  topics: string[];
  topicWeights: number[];
  highlights: string[];
  activeUsers: string[];
  activeUserCounts: number[];
  messageCount: number;
  activityScore: number;
  decay: number;
  summarizer: string;
  /** True for days and weeks: the level above must (re)summarise this period. */
  parentPending: boolean;
}

/** One period ready to write: its summary, its two vectors, and the children it covers (memories or summaries). */
export interface SummaryRow {
  summary: SummaryWrite;
  embedding: number[];
  /** Null for a session: drift and eras read the content vectors of days, weeks and months only. */
  contentEmbedding: number[] | null;
  memoryIds?: string[];
  childSummaryIds?: string[];
}

type KeyedRow<T> = T & { key: string };

/**
 * A row whose instant `ts` came back as epoch milliseconds (`tsMillis`): the reads over every memory of a group
 * return numbers, which the driver reads far more cheaply than datetimes, and the ISO string is made here, the one
 * the driver's datetime gives (UTC, millisecond precision).
 */
type Timed<T extends { ts: string }> = Omit<T, 'ts'> & { tsMillis: number };

function isoFromMillis(ms: number): string {
  return new Date(ms).toISOString();
}

function withIsoTime<T extends { ts: string }>({ tsMillis, ...rest }: Timed<T>): T {
  return { ...rest, ts: isoFromMillis(tsMillis) } as unknown as T;
}

/** Memory rows in time order, then by id: the reads return them in no order (a sort costs Neo4j memory per row). */
function inTimeOrder<T extends { tsMillis: number; id: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.tsMillis - b.tsMillis || compareNames(a.id, b.id));
}

/** Rows of a read over several periods, grouped by period key; the order within a period is kept. */
function byKey<T>(rows: KeyedRow<T>[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const { key, ...row } of rows) {
    const list = out.get(key);
    if (list) list.push(row as T);
    else out.set(key, [row as T]);
  }
  return out;
}

export interface GroupCycleSettings {
  timezone: string | null;
  /** The group's clock: the time of its latest memory (ISO), null before its first. */
  latestMemoryAt: string | null;
}

/** What the roll-up steps need from the graph; RollupRepository is the Neo4j one, tests hand in their own. */
export type RollupStore = Pick<RollupRepository, keyof RollupRepository>;

/** The reads and writes of the roll-up steps; one method per Cypher file, no logic. */
export class RollupRepository {
  constructor(private readonly graph: Graph) {}

  /** Null when the group does not exist. */
  async groupSettings(groupId: string): Promise<GroupCycleSettings | null> {
    const [row] = await this.graph.read<GroupCycleSettings>('rollup/group-settings', { groupId });
    return row ?? null;
  }

  /** The oldest `limit` memories not yet in a session summary, oldest first. */
  async pendingSessionMemories(groupId: string, limit: number): Promise<PendingSessionMemory[]> {
    const rows = await this.graph.read<Timed<PendingSessionMemory>>('rollup/pending-session-memories', {
      groupId,
      limit,
    });
    return rows.map(withIsoTime);
  }

  sessionsNear(
    groupId: string,
    range: { from: string; to: string; gapMinutes: number; explicitKeys: string[] },
  ) {
    return this.graph.read<StoredSession>('rollup/sessions-near', { groupId, ...range });
  }

  /** Memories of several sessions in one read: each session's new memories and those it already summarises. */
  async sessionMemories(
    groupId: string,
    sessions: { key: string; summaryId: string; newIds: string[] }[],
  ): Promise<Map<string, MemoryRow[]>> {
    const rows = await this.graph.read<Timed<KeyedRow<MemoryRow>>>('rollup/session-memories', {
      groupId,
      sessions,
    });
    return byKey(inTimeOrder(rows).map((row) => withIsoTime<KeyedRow<MemoryRow>>(row)));
  }

  /** The times of the oldest `limit` memories not yet in a day summary, oldest first. */
  async pendingDayTimes(groupId: string, limit: number): Promise<string[]> {
    const rows = await this.graph.read<{ tsMillis: number }>('rollup/pending-day-times', { groupId, limit });
    return rows.map((r) => isoFromMillis(r.tsMillis));
  }

  /** The memories of several periods in one read: those in [startsAt, endsAt) of each, by period key. */
  async memoriesInPeriods(
    groupId: string,
    periods: { key: string; startsAt: string; endsAt: string }[],
  ): Promise<Map<string, MemoryRow[]>> {
    const rows = await this.graph.read<Timed<KeyedRow<MemoryRow>>>('rollup/memories-in-periods', {
      groupId,
      periods,
    });
    return byKey(inTimeOrder(rows).map((row) => withIsoTime<KeyedRow<MemoryRow>>(row)));
  }

  /** The period starts of the oldest `limit` summaries at `level` not yet in their parent, oldest first. */
  async pendingChildPeriods(groupId: string, level: CalendarLevel, limit: number): Promise<string[]> {
    const rows = await this.graph.read<{ periodStart: string }>('rollup/pending-child-periods', {
      groupId,
      level,
      limit,
    });
    return rows.map((r) => r.periodStart);
  }

  /** The summaries at `level` starting in [from, to) of each period, by period key: children of several parents. */
  async childSummaries(
    groupId: string,
    level: CalendarLevel,
    periods: { key: string; from: string; to: string }[],
  ): Promise<Map<string, ChildSummaryRow[]>> {
    const rows = await this.graph.read<KeyedRow<ChildSummaryRow>>('rollup/child-summaries-in-periods', {
      groupId,
      level,
      periods,
    });
    // In period order (the read returns them in none); ISO dates sort as strings.
    return byKey(rows.sort((a, b) => compareNames(a.periodStart, b.periodStart)));
  }

  recentSummaries(groupId: string, level: SummaryLevel, limit: number) {
    return this.graph.read<{ text: string; messageCount: number }>('rollup/recent-summaries', {
      groupId,
      level,
      limit,
    });
  }

  /**
   * Several periods of one group, one transaction: the summary nodes, their vectors, topics and SUMMARIZES links, and
   * the children's pending flags cleared in the same write, all sent at once behind the group lock (see
   * writeHoldingGroup). The rows may be of several levels. Each of `relinks` has its level's NEXT_PERIOD chain
   * relinked from its `from` in the same transaction (as relinkNextPeriod does): the last write of a roll-up saves
   * each level a commit of its own.
   *
   * Each statement finds every node by a unique key, so its plan depends on neither the statistics nor the number
   * of rows, and it is planned once: its file says `CYPHER replan=skip`, and its rows come inside a map (each
   * request's `rows` in `batch: {requests}`, graph/request-batches.ts), since Neo4j keeps a plan per size class of a
   * list parameter but one for a list inside a map.
   * Without that, the first day after a bulk load (1 to 5 rows a write, where the bulk wrote 250, and statistics that
   * had moved) planned these statements again, at 100-250 ms each, more than they take to run.
   */
  async writeSummaries(
    groupId: string,
    rows: SummaryRow[],
    relinks: { level: SummaryLevel; from: string }[] = [],
  ): Promise<{ id: string; version: number }[]> {
    const topics = rows.map(({ summary }) => ({
      summaryId: summary.id,
      topics: summary.topics.map((name, i) => ({
        id: topicId(summary.groupId, name),
        name,
        weight: summary.topicWeights[i] ?? 0,
      })),
    }));
    const memoryLinks = rows.flatMap(({ summary, memoryIds }) =>
      memoryIds?.length ? [{ summaryId: summary.id, memoryIds }] : [],
    );
    const childLinks = rows.flatMap(({ summary, childSummaryIds }) =>
      childSummaryIds?.length ? [{ summaryId: summary.id, childIds: childSummaryIds }] : [],
    );
    const statements: Statement[] = [
      {
        name: 'rollup/upsert-summaries',
        params: {
          // A content vector mixes many texts and is never mostly zeros: it goes whole.
          rows: rows.map(({ summary, embedding, contentEmbedding }) => ({
            summary,
            ...toEmbeddingParam(embedding),
            contentEmbedding,
          })),
          dimension: rows[0]?.embedding.length ?? 0,
        },
      },
      { name: 'rollup/link-topics', params: { rows: topics } },
      ...(memoryLinks.length > 0 ? [{ name: 'rollup/link-memories', params: { rows: memoryLinks } }] : []),
      ...(childLinks.length > 0
        ? [{ name: 'rollup/link-child-summaries', params: { rows: childLinks } }]
        : []),
      ...relinks.map((relink) => ({ name: 'rollup/link-next-period', params: { groupId, ...relink } })),
    ];
    const children = rows.reduce(
      (n, r) => n + (r.memoryIds?.length ?? 0) + (r.childSummaryIds?.length ?? 0),
      0,
    );
    return this.graph.writeTx(
      async (tx) => {
        const [written] = await writeHoldingGroup(tx, groupId, statements);
        return written as { id: string; version: number }[];
      },
      { weight: rows.length + children },
    );
  }

  /** The keys (of `keys`) whose period already has a summary at this level. */
  async existingSummaryIds(groupId: string, level: SummaryLevel, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const prefix = `${groupId}:${level}:`;
    const rows = await this.graph.read<{ id: string }>('rollup/existing-summaries', {
      groupId,
      level,
      ids: keys.map((k) => prefix + k),
    });
    return new Set(rows.map((r) => r.id.slice(prefix.length)));
  }

  /** Relinks the level's chain from the last summary starting before `from` (an ISO instant); all of it without. */
  async relinkNextPeriod(groupId: string, level: SummaryLevel, from: string | null = null): Promise<void> {
    await this.graph.write('rollup/link-next-period', { groupId, level, from });
  }

  /** The summary levels whose NEXT_PERIOD chain misses links (left by a cycle that died before relinking). */
  async brokenChains(groupId: string): Promise<SummaryLevel[]> {
    const rows = await this.graph.read<{ level: SummaryLevel }>('rollup/broken-chains', { groupId });
    return rows.map((r) => r.level);
  }
}
