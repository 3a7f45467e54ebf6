import type { StoredEntityPeriod } from '../domain/entities-over-time.js';
import { addEntityCounts, topEntityCounts } from '../domain/entity-counts.js';
import type { EntityCount } from '../domain/entity-shapes.js';
import type { CalendarLevel } from '../domain/levels.js';
import { addDays } from '../domain/periods.js';
import type { SeriesWindow } from './eras.js';
import type { Graph } from './graph.js';

/**
 * Periods a read of entities per period takes: about a quarter of a year whatever the level, so a page reads a
 * quarter's sessions (some thousands in a group of a million memories), and a series of years takes a few reads.
 */
const PERIODS_PER_READ: Record<CalendarLevel, number> = { day: 92, week: 13, month: 3 };

/** Sessions a read of a span (an era) takes; their links are summed in the database, page by page. */
export const SPAN_SESSIONS_PER_READ = 5_000;

/** How often sessions name entities over a stretch of time: per period of a level, or over a span (an era). */
export type EntityCountStore = Pick<EntityCountReads, 'perPeriod' | 'inSpan'>;

export class EntityCountReads {
  constructor(
    private readonly graph: Pick<Graph, 'read'>,
    private readonly pages: { periods?: Partial<Record<CalendarLevel, number>>; sessions?: number } = {},
  ) {}

  /** Every period of the level in the window, oldest first, with the `top` entities its sessions name most. */
  async perPeriod(
    groupId: string,
    level: CalendarLevel,
    window: SeriesWindow,
    top: number,
  ): Promise<StoredEntityPeriod[]> {
    const periods = this.pages.periods?.[level] ?? PERIODS_PER_READ[level];
    const out: StoredEntityPeriod[] = [];
    let from = window.from ?? null;
    for (;;) {
      const page = await this.graph.read<StoredEntityPeriod>('entities/period-counts', {
        groupId,
        level,
        from,
        to: window.to ?? null,
        periods,
        top,
      });
      out.push(...page);
      const last = page.at(-1);
      if (!last || page.length < periods) return out;
      // Periods of a level do not overlap, so the next page starts the day after the last one started.
      from = addDays(last.periodStart, 1);
    }
  }

  /** The `top` entities the sessions that start from `from` to before `to` (local days) name most. */
  async inSpan(groupId: string, from: string, to: string, top: number): Promise<EntityCount[]> {
    const sessions = this.pages.sessions ?? SPAN_SESSIONS_PER_READ;
    const totals = new Map<string, EntityCount>();
    let after = { day: from, id: '' };
    for (;;) {
      const [page] = await this.graph.read<{
        read: number;
        lastDay: string | null;
        lastId: string | null;
        entities: EntityCount[];
      }>('entities/span-counts', { groupId, afterDay: after.day, afterId: after.id, to, sessions });
      if (!page) break;
      addEntityCounts(totals, page.entities);
      if (page.read < sessions || !page.lastDay || !page.lastId) break;
      after = { day: page.lastDay, id: page.lastId };
    }
    return topEntityCounts(totals.values(), top);
  }
}
