import type { CalendarLevel, SummaryLevel } from '../domain/levels.js';
import { topicId } from '../domain/topics.js';
import type { Graph } from './graph.js';
import { holdGroup } from './groups.js';

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

  pendingSessionMemories(groupId: string): Promise<PendingSessionMemory[]> {
    return this.graph.read('rollup/pending-session-memories', { groupId });
  }

  sessionsNear(
    groupId: string,
    range: { from: string; to: string; gapMinutes: number; explicitKeys: string[] },
  ) {
    return this.graph.read<StoredSession>('rollup/sessions-near', { groupId, ...range });
  }

  sessionMemories(groupId: string, summaryId: string, newIds: string[]): Promise<MemoryRow[]> {
    return this.graph.read('rollup/session-memories', { groupId, summaryId, newIds });
  }

  async pendingDayTimes(groupId: string): Promise<string[]> {
    return (await this.graph.read<{ ts: string }>('rollup/pending-day-times', { groupId })).map((r) => r.ts);
  }

  memoriesInRange(groupId: string, startsAt: string, endsAt: string): Promise<MemoryRow[]> {
    return this.graph.read('rollup/memories-in-range', { groupId, startsAt, endsAt });
  }

  async pendingChildPeriods(groupId: string, level: CalendarLevel): Promise<string[]> {
    const rows = await this.graph.read<{ periodStart: string }>('rollup/pending-child-periods', {
      groupId,
      level,
    });
    return rows.map((r) => r.periodStart);
  }

  childSummaries(
    groupId: string,
    level: CalendarLevel,
    from: string,
    to: string,
  ): Promise<ChildSummaryRow[]> {
    return this.graph.read('rollup/child-summaries-in-range', { groupId, level, from, to });
  }

  recentSummaries(groupId: string, level: SummaryLevel, limit: number) {
    return this.graph.read<{ text: string; messageCount: number }>('rollup/recent-summaries', {
      groupId,
      level,
      limit,
    });
  }

  /** One period, one transaction: the summary node, its vector, its topics, its SUMMARIZES links, the children's flags. */
  async writeSummary(
    summary: SummaryWrite,
    vectors: { embedding: number[]; contentEmbedding: number[] },
    children: { memoryIds?: string[]; childSummaryIds?: string[] },
  ): Promise<{ version: number }> {
    const topics = summary.topics.map((name, i) => ({
      id: topicId(summary.groupId, name),
      name,
      weight: summary.topicWeights[i] ?? 0,
    }));
    return this.graph.writeTx(async (tx) => {
      await holdGroup(tx, summary.groupId);
      const [row] = await tx.run<{ version: number }>('rollup/upsert-summary', { summary, ...vectors });
      await tx.run('rollup/link-topics', { summaryId: summary.id, topics });
      if (children.memoryIds?.length) {
        await tx.run('rollup/link-memories', { summaryId: summary.id, memoryIds: children.memoryIds });
      }
      if (children.childSummaryIds?.length) {
        await tx.run('rollup/link-child-summaries', {
          summaryId: summary.id,
          childIds: children.childSummaryIds,
        });
      }
      return { version: row?.version ?? 1 };
    });
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

  async relinkNextPeriod(groupId: string, level: SummaryLevel | 'era'): Promise<void> {
    await this.graph.write('rollup/link-next-period', { groupId, level });
  }
}
