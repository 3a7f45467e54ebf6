import { type CycleRecord, cycleHealth } from '../domain/cycle-health.js';
import { SUMMARY_LEVELS } from '../domain/levels.js';
import {
  fromStoredSummary,
  type Group,
  type StoredSummary,
  type Summary,
  type SummaryDetail,
} from '../domain/summary.js';
import type { Graph } from './graph.js';

/** Reads of summaries and group settings for the API and the CLI. */
export class SummaryRepository {
  constructor(private readonly graph: Graph) {}

  async list(
    groupId: string,
    query: { level?: string; from?: string; to?: string; limit: number },
  ): Promise<Summary[]> {
    const rows = await this.graph.read<{ summary: StoredSummary }>('summaries/list', {
      groupId,
      levels: query.level ? [query.level] : SUMMARY_LEVELS,
      from: query.from ? new Date(query.from).toISOString() : null,
      to: query.to ? new Date(query.to).toISOString() : null,
      limit: query.limit,
    });
    return rows.map((r) => fromStoredSummary(r.summary));
  }

  async get(id: string): Promise<SummaryDetail | null> {
    const [row] = await this.graph.read<{
      summary: StoredSummary;
      children: string[];
      parents: string[];
      previous: string[];
      next: string[];
    }>('summaries/get', { id });
    if (!row) return null;
    return {
      summary: fromStoredSummary(row.summary),
      children: row.children,
      parents: row.parents,
      previous: row.previous[0] ?? null,
      next: row.next[0] ?? null,
    };
  }

  /** The group with its cycle health as of `now`; null when it does not exist. */
  async group(groupId: string, now: Date = new Date()): Promise<Group | null> {
    const [row] = await this.graph.read<Omit<Group, 'cycle'> & CycleRecord>('groups/get', { groupId });
    if (!row) return null;
    const { lastStatus, lastError, failedInARow, pendingMemories, oldestPendingAt, ...group } = row;
    const record = { lastStatus, lastError, failedInARow, pendingMemories, oldestPendingAt };
    return { ...group, cycle: cycleHealth(record, now) };
  }

  async setTimezone(groupId: string, timezone: string) {
    const [row] = await this.graph.write<{ allowed: boolean; previousTimezone: string; timezone: string }>(
      'groups/upsert-settings',
      { groupId, timezone },
    );
    if (!row) throw new Error(`settings query for group ${groupId} returned no row`);
    return row;
  }
}
