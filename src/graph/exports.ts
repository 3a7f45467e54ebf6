import type { StoredMemoryRow } from '../domain/group-export.js';
import { fromStoredSummary, type StoredSummary, type Summary } from '../domain/summary.js';
import type { Graph } from './graph.js';

/** Where a page of an export ends: the last row's time as Neo4j writes it, and its id. */
export interface ExportCursor {
  at: string;
  id: string;
}

/** Before every instant Neo4j can hold, so a first page starts at the beginning. */
const START: ExportCursor = { at: '-999999999-01-01T00:00:00Z', id: '' };

/** The reads behind a group's export: each a page after a cursor, read by an index seek that stops at the page. */
export class ExportRepository {
  constructor(private readonly graph: Pick<Graph, 'read'>) {}

  async memoriesAfter(
    groupId: string,
    after: ExportCursor | null,
    limit: number,
  ): Promise<{ rows: StoredMemoryRow[]; next: ExportCursor | null }> {
    const from = after ?? START;
    const rows = await this.graph.read<StoredMemoryRow>('export/memories-page', {
      groupId,
      afterTs: from.at,
      afterId: from.id,
      limit,
    });
    const last = rows.at(-1);
    return { rows, next: last && rows.length === limit ? { at: last.ts, id: last.id } : null };
  }

  async summariesAfter(
    groupId: string,
    level: string,
    after: ExportCursor | null,
    limit: number,
  ): Promise<{ rows: { summary: Summary; children: string[] }[]; next: ExportCursor | null }> {
    const from = after ?? START;
    const rows = await this.graph.read<{ summary: StoredSummary; cursor: string; children: string[] }>(
      'export/summaries-page',
      { groupId, level, afterStartsAt: from.at, afterId: from.id, limit },
    );
    const last = rows.at(-1);
    return {
      rows: rows.map((r) => ({ summary: fromStoredSummary(r.summary), children: r.children })),
      next: last && rows.length === limit ? { at: last.cursor, id: last.summary.id } : null,
    };
  }
}
