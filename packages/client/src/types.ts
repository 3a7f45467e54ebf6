/**
 * Names for the shapes of the Strata API. Every one is read from the generated OpenAPI types, so they
 * follow the server's schemas; nothing here is written by hand.
 */
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];
type QueryOf<Id extends keyof operations> = NonNullable<operations[Id]['parameters']['query']>;

export type MemoryInput = Schemas['MemoryInput'];
export type IngestResult = Schemas['IngestResult'];
export type Readiness = Schemas['Readiness'];
export type Group = Schemas['Group'];
export type GroupSettings = Schemas['GroupSettings'];
export type GroupSettingsInForce = Schemas['GroupSettingsInForce'];
export type CycleReport = Schemas['CycleReport'];
export type Summary = Schemas['Summary'];
export type SummaryDetail = Schemas['SummaryDetail'];
export type Entity = Schemas['Entity'];
export type EntityList = Schemas['EntityList'];
export type EntityProfile = Schemas['EntityProfile'];
export type EntityCount = Schemas['EntityCount'];
export type EntitiesOverTime = Schemas['EntitiesOverTime'];
export type RecallRequest = Schemas['RecallRequest'];
export type RecallResponse = Schemas['RecallResponse'];
export type RecallItem = Schemas['RecallItem'];
export type RecallDetail = Schemas['RecallDetail'];
export type RecallLevel = RecallItem['level'];
export type GroupContext = Schemas['GroupContext'];
export type CompactRequest = Schemas['CompactRequest'];
export type CompactResponse = Schemas['CompactResponse'];
export type DriftSeries = Schemas['DriftSeries'];
export type DriftChart = Schemas['DriftChart'];
export type TopicTimeline = Schemas['TopicTimeline'];
export type TopicsOverTime = Schemas['TopicsOverTime'];
export type Era = Schemas['Era'];
export type EraScoreRequest = Schemas['EraScoreRequest'];
export type EraParameters = Schemas['EraParameters'];
export type EraPreview = Schemas['EraPreview'];
export type EraSignal = Schemas['EraSignal'];
export type SegmentationScore = Schemas['SegmentationScore'];
export type GroupProfile = Schemas['GroupProfile'];
export type VerifyReport = Schemas['VerifyReport'];
export type ReembedRequest = Schemas['ReembedRequest'];
export type ReembedReport = Schemas['ReembedReport'];
export type ReembedStatus = Schemas['ReembedStatus'];
/** One line of a group's export (NDJSON): header, memory, summary, era or end, told apart by `kind`. */
export type ExportLine =
  operations['getV1GroupsByGroupIdExport']['responses'][200]['content']['application/x-ndjson'];

export type AggregateQuery = QueryOf<'postV1GroupsByGroupIdAggregate'>;
export type SummaryListQuery = QueryOf<'getV1GroupsByGroupIdSummaries'>;
export type EntityListQuery = QueryOf<'getV1GroupsByGroupIdEntities'>;
export type EntitiesOverTimeQuery = QueryOf<'getV1GroupsByGroupIdEntitiesOverTime'>;
export type ContextQuery = QueryOf<'getV1GroupsByGroupIdContext'>;
export type SeriesQuery = QueryOf<'getV1GroupsByGroupIdDrift'>;

export type { components, operations, paths } from './generated/openapi.js';
