import type { CompactRequest, CompactResponse } from '../ai/compaction.js';
import type { BuiltContext } from '../domain/context.js';
import type { CycleReport } from '../domain/cycle-report.js';
import type { DriftChart } from '../domain/drift-chart.js';
import type { EntitiesOverTime, EntitiesOverTimeQuery } from '../domain/entities-over-time.js';
import type { EntityList, EntityListQuery, EntityProfile } from '../domain/entity-shapes.js';
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
import type { EraSignal } from '../domain/era-signal.js';
import type { ExportLine } from '../domain/group-export.js';
import type { IngestResult, MemoryInput } from '../domain/memory.js';
import type { Readiness } from '../domain/readiness.js';
import type { RecallRequest, RecallResponse } from '../domain/recall.js';
import type { ReembedReport, ReembedRequest, ReembedStatus } from '../domain/reembed.js';
import type { EraScoreRequest, SegmentationScore } from '../domain/segmentation.js';
import type {
  Group,
  GroupSettingsInForce,
  Summary,
  SummaryDetail,
  SummaryListQuery,
} from '../domain/summary.js';
import type { TopicsOverTime } from '../domain/topics-over-time.js';
import type { VerifyReport } from '../domain/verify.js';

/** What the HTTP layer needs from the rest of Strata; tests hand in their own. */
export interface ApiServices {
  ingest(groupId: string, memories: MemoryInput[]): Promise<IngestResult>;
  readiness(): Promise<Readiness>;
  getGroup(groupId: string): Promise<Group | null>;
  setTimezone(
    groupId: string,
    timezone: string,
  ): Promise<{ allowed: boolean; previousTimezone: string; timezone: string }>;
  /** The group's settings in force: its time zone and its own era parameters (null: the server's). */
  groupSettings(groupId: string): Promise<GroupSettingsInForce>;
  /** Sets the group's own era parameters (null: the server's); a change removes its eras for the next cycle. */
  setEraParameters(groupId: string, parameters: EraParameters | null): Promise<GroupSettingsInForce>;
  deleteGroup(groupId: string): Promise<void>;
  verify(groupId: string): Promise<VerifyReport>;
  aggregate(groupId: string, options: { dryRun: boolean }): Promise<CycleReport>;
  listSummaries(groupId: string, query: SummaryListQuery): Promise<Summary[]>;
  getSummary(id: string): Promise<SummaryDetail | null>;
  /** A page of the group's entities; null when the group does not exist. */
  listEntities(groupId: string, query: EntityListQuery): Promise<EntityList | null>;
  /** One entity's profile; null when the group has no entity of that id. */
  getEntity(groupId: string, entityId: string): Promise<EntityProfile | null>;
  recall(groupId: string, request: RecallRequest): Promise<RecallResponse>;
  context(
    groupId: string,
    options: { budgetTokens: number; query?: string; asOf?: string },
  ): Promise<BuiltContext>;
  compact(request: CompactRequest): Promise<CompactResponse>;
  drift(groupId: string, query: SeriesQuery): Promise<DriftResponse>;
  driftChart(groupId: string, query: SeriesQuery): Promise<DriftChart>;
  topicTimeline(groupId: string, name: string, query: SeriesQuery): Promise<TopicTimeline>;
  topicsOverTime(groupId: string, query: SeriesQuery): Promise<TopicsOverTime>;
  /** Every period of a level with the entities its sessions name most. */
  entitiesOverTime(groupId: string, query: EntitiesOverTimeQuery): Promise<EntitiesOverTime>;
  /** The stored eras; with `entities`, each with the entities its sessions name most (a read of every link in its span). */
  eras(groupId: string, read?: Partial<EraRead>): Promise<Era[]>;
  /** What the era detector reads, day by day, with its parameters and the data cut. */
  eraSignal(groupId: string): Promise<EraSignal>;
  /** What-if detection: the eras other parameters give, from the stored series; nothing is written. */
  previewEras(groupId: string, request: EraParameters): Promise<EraPreview>;
  /** The stored eras, or a preview's, against gold boundaries; null when there are none. */
  scoreEras(groupId: string, request: EraScoreRequest): Promise<SegmentationScore | null>;
  exportGroup(groupId: string, options: { summaries: boolean }): AsyncIterable<ExportLine>;
  profile(groupId: string, read?: Partial<EraRead>): Promise<GroupProfile>;
  /** The embedder of the database's vectors and this server's latest re-embedding (jobs/reembed.ts). */
  reembedStatus(): Promise<ReembedStatus>;
  /** Starts a re-embedding with this server's embedder in the background; ReembedRunningError while one runs. */
  startReembed(request: ReembedRequest): Promise<ReembedStatus>;
  /** What a re-embedding would do, writing nothing. */
  estimateReembed(request: ReembedRequest): Promise<ReembedReport>;
}
