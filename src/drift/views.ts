import { driftSeries, type PeriodPoint } from '../domain/drift.js';
import { DRIFT_MEASURES, type DriftChart } from '../domain/drift-chart.js';
import {
  type EntitiesOverTime,
  type EntitiesOverTimeQuery,
  entityPeriods,
} from '../domain/entities-over-time.js';
import { ERA_ENTITIES } from '../domain/entity-counts.js';
import type { EntityCount } from '../domain/entity-shapes.js';
import type {
  DriftResponse,
  Era,
  EraParameters,
  EraPreview,
  EraRead,
  GroupProfile,
  SeriesQuery,
  TopicTimeline,
} from '../domain/era.js';
import { type EraSignal, eraSignal } from '../domain/era-signal.js';
import { previewEras, resolveEraParameters } from '../domain/eras.js';
import { addDays } from '../domain/periods.js';
import { type EraScoreRequest, type SegmentationScore, scoreEras } from '../domain/segmentation.js';
import { normalizeTopic, topicId } from '../domain/topics.js';
import { type TopicsOverTime, topicsOverTime } from '../domain/topics-over-time.js';
import type { EntityCountStore } from '../graph/entity-counts.js';
import type { EraRepository, SeriesRow, StoredEra } from '../graph/eras.js';

/**
 * What researchers read: drift series, topics and entities over time, eras with their entities, the group profile,
 * topic timelines, the drift chart.
 */
export class DriftViews {
  constructor(
    private readonly repo: EraRepository,
    /** The server's era settings (ERA_MIN_DAYS, ERA_MAX_COUNT), under a group's own parameters. */
    private readonly eraSettings: { minDays: number; maxEras: number },
    private readonly entityCounts: EntityCountStore,
  ) {}

  async drift(groupId: string, query: SeriesQuery): Promise<DriftResponse> {
    const rows = await this.repo.series(groupId, query.level, query, true);
    return { groupId, level: query.level, points: driftSeries(rows.map(toPoint)), measures: DRIFT_MEASURES };
  }

  /** The stored eras; asked for, each with the entities its sessions name most. */
  async eras(groupId: string, read: Partial<EraRead> = {}): Promise<Era[]> {
    const eras = await this.repo.list(groupId);
    if (!read.entities) return eras.map((e) => toEra(e));
    const entities = await Promise.all(eras.map((e) => this.eraEntities(groupId, e)));
    return eras.map((e, i) => toEra(e, entities[i] ?? []));
  }

  /** Who and what the sessions that start within the era name most: its span read in pages of sessions. */
  private eraEntities(groupId: string, era: Pick<StoredEra, 'start' | 'end'>): Promise<EntityCount[]> {
    return this.entityCounts.inSpan(groupId, era.start.slice(0, 10), era.end.slice(0, 10), ERA_ENTITIES);
  }

  /** What-if detection over the group's stored day series, the group's own parameters under those asked; nothing is written. */
  async previewEras(groupId: string, request: EraParameters): Promise<EraPreview> {
    const [days, own] = await Promise.all([
      this.repo.daySeries(groupId, {}, true),
      this.repo.parameters(groupId),
    ]);
    return previewEras(days, { ...own, ...request }, this.eraSettings);
  }

  /** What the detector reads, day by day, with the group's parameters and the data cut (domain/era-signal.ts). */
  async eraSignal(groupId: string): Promise<EraSignal> {
    const [days, own] = await Promise.all([
      this.repo.daySeries(groupId, {}, true),
      this.repo.parameters(groupId),
    ]);
    return eraSignal(groupId, days, resolveEraParameters(own, this.eraSettings));
  }

  /** The stored eras, or a preview's, against gold boundaries; null when there are none to score. */
  async scoreEras(groupId: string, request: EraScoreRequest): Promise<SegmentationScore | null> {
    // Only the spans are scored: the stored eras without reading their entities.
    const eras = request.preview
      ? (await this.previewEras(groupId, request.preview)).eras
      : await this.repo.list(groupId);
    return scoreEras(eras, request);
  }

  async profile(groupId: string, read: Partial<EraRead> = {}): Promise<GroupProfile> {
    const [eras, weeks] = await Promise.all([
      this.repo.list(groupId),
      this.repo.series(groupId, 'week', {}, false),
    ]);
    const current = eras.find((e) => e.current);
    return {
      groupId,
      currentEra: current
        ? {
            started: current.start,
            theme: current.theme,
            keyTopics: current.keyTopics ?? [],
            ...(read.entities ? { entities: await this.eraEntities(groupId, current) } : {}),
          }
        : null,
      topicEvolution: weeks.slice(-12).map((w) => ({
        period: w.periodStart,
        topTopics: (w.topics ?? []).slice(0, 5),
        activityScore: w.activityScore ?? 0,
      })),
    };
  }

  async topicTimeline(groupId: string, name: string, query: SeriesQuery): Promise<TopicTimeline> {
    const topic = normalizeTopic(name);
    const points = await this.repo.topicTimeline(groupId, query.level, topicId(groupId, topic), query);
    return { groupId, topic, level: query.level, points };
  }

  /** Every topic of every period of a level, in long format. */
  async topicsOverTime(groupId: string, query: SeriesQuery): Promise<TopicsOverTime> {
    const rows = await this.repo.series(groupId, query.level, query, false);
    const periods = rows.map((r) => ({
      ...toPoint(r),
      periodEnd: r.periodEnd,
      messageCount: r.messageCount ?? 0,
    }));
    return { groupId, level: query.level, rows: topicsOverTime(periods) };
  }

  /** Every period of a level with the entities its sessions name most, read a few months at a time. */
  async entitiesOverTime(groupId: string, query: EntitiesOverTimeQuery): Promise<EntitiesOverTime> {
    const stored = await this.entityCounts.perPeriod(groupId, query.level, query, query.top);
    return { groupId, level: query.level, top: query.top, periods: entityPeriods(stored) };
  }

  async chart(groupId: string, query: SeriesQuery): Promise<DriftChart> {
    const [rows, eras] = await Promise.all([
      this.repo.series(groupId, query.level, query, true),
      this.repo.list(groupId),
    ]);
    return {
      groupId,
      level: query.level,
      periods: rows.map((r) => ({
        periodStart: r.periodStart,
        periodEnd: addDays(r.periodEnd, 1),
        text: r.text,
        topics: toPoint(r).topics,
        activityScore: r.activityScore ?? 0,
        messageCount: r.messageCount ?? 0,
      })),
      drift: driftSeries(rows.map(toPoint)),
      eras: eras.map((e) => ({
        id: e.id,
        start: e.start,
        end: e.end,
        theme: e.theme,
        keyTopics: e.keyTopics ?? [],
        current: e.current,
      })),
      measures: DRIFT_MEASURES,
    };
  }
}

function toPoint(row: SeriesRow): PeriodPoint {
  return {
    periodStart: row.periodStart,
    topics: (row.topics ?? []).map((name, i) => ({ name, weight: row.topicWeights?.[i] ?? 0 })),
    embedding: row.embedding,
    text: row.text,
  };
}

function toEra(e: StoredEra, entities?: EntityCount[]): Era {
  return {
    id: e.id,
    start: e.start,
    end: e.end,
    theme: e.theme,
    keyTopics: e.keyTopics ?? [],
    ...(entities ? { entities } : {}),
    text: e.text,
    current: e.current,
    earlier: e.earlier ?? false,
    periodCount: e.periodCount ?? 0,
    provenance:
      e.detector && e.parameters
        ? {
            detector: e.detector,
            parameters: JSON.parse(e.parameters) as Record<string, number | string | null>,
            cut: { from: e.dataFrom, to: e.dataTo, days: e.dataDays ?? 0, messages: e.dataMessages ?? 0 },
          }
        : null,
  };
}
