import type { CalendarLevel } from '../domain/levels.js';
import type { Graph } from './graph.js';
import { holdGroup } from './groups.js';

export interface StoredEra {
  id: string;
  start: string;
  /** Exclusive. */
  end: string;
  periodStarts: string[];
  keyTopics: string[];
  theme: string;
  text: string | null;
  current: boolean;
  earlier: boolean;
  periodCount: number;
  level: string;
}

export interface SeriesRow {
  id: string;
  periodStart: string;
  /** Inclusive, as summaries store it. */
  periodEnd: string;
  text: string;
  topics: string[] | null;
  topicWeights: number[] | null;
  activityScore: number | null;
  messageCount: number | null;
  embedding: number[] | null;
}

export interface EraWrite {
  id: string;
  groupId: string;
  level: CalendarLevel;
  start: string;
  end: string;
  startsAt: string;
  endsAt: string;
  theme: string;
  keyTopics: string[];
  text: string;
  periodStarts: string[];
  current: boolean;
  earlier: boolean;
}

/** Eras, period series and topic timelines: the drift side of the graph. */
export class EraRepository {
  constructor(private readonly graph: Graph) {}

  list(groupId: string): Promise<StoredEra[]> {
    return this.graph.read('eras/list', { groupId });
  }

  series(
    groupId: string,
    level: CalendarLevel,
    window: { from?: string | null; to?: string | null },
    withEmbeddings: boolean,
  ): Promise<SeriesRow[]> {
    return this.graph.read('eras/period-series', {
      groupId,
      level,
      from: window.from ?? null,
      to: window.to ?? null,
      withEmbeddings,
    });
  }

  /** Writes the changed eras, drops the ones folded into "earlier", and relinks the chain: one transaction. */
  async replace(
    groupId: string,
    changed: { era: EraWrite; embedding: number[]; topics: { id: string; name: string; weight: number }[] }[],
    keepIds: string[],
  ): Promise<void> {
    await this.graph.writeTx(async (tx) => {
      await holdGroup(tx, groupId);
      for (const { era, embedding, topics } of changed)
        await tx.run('eras/upsert-era', { era, embedding, topics });
      await tx.run('eras/delete-eras', { groupId, keepIds });
      await tx.run('eras/link-next-era', { groupId });
    });
  }

  topicTimeline(
    groupId: string,
    level: CalendarLevel,
    topicId: string,
    window: { from?: string; to?: string },
  ) {
    return this.graph.read<{ periodStart: string; weight: number }>('topics/timeline', {
      groupId,
      level,
      topicId,
      from: window.from ?? null,
      to: window.to ?? null,
    });
  }
}
