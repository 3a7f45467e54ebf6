import { type EraParameters, parseEraParameters } from '../domain/era.js';
import { type EraBackground, formatEraBackground, parseEraBackground } from '../domain/era-background.js';
import type { CalendarLevel } from '../domain/levels.js';
import type { Graph } from './graph.js';
import { writeHoldingGroup } from './groups.js';

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
  /** What produced it (null for an era written before provenance was kept): the detector, parameters (JSON), data. */
  detector: string | null;
  parameters: string | null;
  dataFrom: string | null;
  dataTo: string | null;
  dataDays: number | null;
  dataMessages: number | null;
  /** When it was last written (epoch milliseconds). */
  updatedAtMillis: number | null;
}

/** A summary's place in its level's series: its start, and from the date asked on, when it was last written. */
export interface PeriodStamp {
  /** YYYY-MM-DD */
  periodStart: string;
  /** Epoch milliseconds; null before the date asked. */
  updatedAtMillis: number | null;
}

/** One era to write, with its vector and key topics. */
export interface EraChange {
  era: EraWrite;
  /**
   * Null when the era keeps its weeks (the same weeks as stored, none rewritten since): its vector, their mean, and
   * its links to them stay as they are.
   */
  embedding: number[] | null;
  topics: { id: string; name: string; weight: number }[];
  /**
   * The current era's background (domain/era-background.ts), when it is new or rebuilt; null keeps the stored one.
   * An era written as closed drops its own.
   */
  background: EraBackground | null;
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

/** A stretch of a level's series by period start: from `from` on, before `to`; an absent or null bound is open. */
export interface SeriesWindow {
  from?: string | null;
  to?: string | null;
}

/** One day summary as the era step reads it. */
export interface DayRow {
  /** YYYY-MM-DD */
  day: string;
  messageCount: number | null;
  /** Null before the `contentFrom` date the series was read with, as the embedding is. */
  text: string | null;
  topics: string[] | null;
  topicWeights: number[] | null;
  activeUsers: string[] | null;
  /** Null before the `contentFrom` date the series was read with. */
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
  /** The detector and its version, the parameters it ran with (JSON) and the data it read. */
  detector: string;
  parameters: string;
  dataFrom: string | null;
  dataTo: string | null;
  dataDays: number;
  dataMessages: number;
}

/** What the era step needs of the graph, so its tests can pass a typed fake. */
export type EraStore = Pick<
  EraRepository,
  'list' | 'daySeries' | 'background' | 'periodStamps' | 'series' | 'replace' | 'parameters'
>;

/** Eras, period series and topic timelines: the drift side of the graph. */
export class EraRepository {
  constructor(private readonly graph: Graph) {}

  list(groupId: string): Promise<StoredEra[]> {
    return this.graph.read('eras/list', { groupId });
  }

  /** The group's own era parameters; {} when it has none (or no group node yet). */
  async parameters(groupId: string): Promise<EraParameters> {
    const [row] = await this.graph.read<{ eraParameters: string | null }>('groups/settings', { groupId });
    return parseEraParameters(row?.eraParameters ?? null) ?? {};
  }

  /**
   * Sets them (null: the server's again). A change removes the group's eras for the next cycle to detect afresh;
   * says whether anything changed.
   */
  async setParameters(
    groupId: string,
    parameters: EraParameters | null,
    defaultTimezone: string,
  ): Promise<{ changed: boolean; removed: number; parameters: EraParameters | null; timezone: string }> {
    const stored = parameters && Object.keys(parameters).length > 0 ? stableJson(parameters) : null;
    const [row] = await this.graph.write<{
      changed: boolean;
      removed: number;
      parameters: string | null;
      timezone: string;
    }>('groups/set-era-parameters', { groupId, parameters: stored, timezone: defaultTimezone });
    if (!row) throw new Error(`era settings of group ${groupId} returned no row`);
    return { ...row, parameters: parseEraParameters(row.parameters) };
  }

  /**
   * The group's day summaries in the window (open bounds: from the first, to the last), with their texts and
   * content vectors or (withContent false) without.
   */
  daySeries(groupId: string, window: SeriesWindow, withContent: boolean): Promise<DayRow[]> {
    return this.graph.read('eras/day-series', {
      groupId,
      from: window.from ?? null,
      to: window.to ?? null,
      withContent,
    });
  }

  /** The background kept on the group's current era; null when there is none, or it cannot be read. */
  async background(groupId: string): Promise<EraBackground | null> {
    const [row] = await this.graph.read<{ background: string | null }>('eras/background', { groupId });
    return parseEraBackground(row?.background ?? null);
  }

  /** The level's summaries in order, each by its start, and from `stampsFrom` on (null: none) when it was written. */
  periodStamps(groupId: string, level: CalendarLevel, stampsFrom: string | null): Promise<PeriodStamp[]> {
    return this.graph.read('eras/period-stamps', { groupId, level, stampsFrom });
  }

  series(
    groupId: string,
    level: CalendarLevel,
    window: SeriesWindow,
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

  /**
   * Writes the changed eras and, when the chain moved (an era created or dropped, or the end of one before the
   * last), drops the ones folded into "earlier" and relinks the chain: one transaction.
   */
  async replace(
    groupId: string,
    changed: EraChange[],
    keepIds: string[],
    chainMoved: boolean,
  ): Promise<void> {
    await this.graph.writeTx((tx) =>
      writeHoldingGroup(tx, groupId, [
        ...changed.map(({ era, embedding, topics, background }) => ({
          name: 'eras/upsert-era',
          params: {
            era,
            embedding,
            keepsWeeks: embedding === null,
            topics,
            background: background && formatEraBackground(background),
          },
        })),
        ...(chainMoved
          ? [
              { name: 'eras/delete-eras', params: { groupId, keepIds } },
              { name: 'eras/link-next-era', params: { groupId } },
            ]
          : []),
      ]),
    );
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

/** JSON with the keys in order, so the same parameters are always the same string. */
function stableJson(value: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1))));
}
