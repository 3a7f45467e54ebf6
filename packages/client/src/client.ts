import createClient, { type Client } from 'openapi-fetch';
import {
  apiError,
  StrataClientError,
  StrataConnectionError,
  StrataLeaseHeldError,
  StrataTimeoutError,
} from './errors.js';
import type { operations, paths } from './generated/openapi.js';
import { abortableSleep, type RetryPolicy, resilientFetch, retryAfterMs } from './transport.js';
import type {
  CompactRequest,
  CompactResponse,
  ContextQuery,
  CycleReport,
  DriftChart,
  DriftSeries,
  EntitiesOverTime,
  EntitiesOverTimeQuery,
  EntityList,
  EntityListQuery,
  EntityProfile,
  Era,
  EraParameters,
  EraPreview,
  EraScoreRequest,
  EraSignal,
  ExportLine,
  Group,
  GroupContext,
  GroupProfile,
  GroupSettings,
  GroupSettingsInForce,
  IngestResult,
  MemoryInput,
  Readiness,
  RecallRequest,
  RecallResponse,
  ReembedReport,
  ReembedRequest,
  ReembedStatus,
  SegmentationScore,
  SeriesQuery,
  Summary,
  SummaryDetail,
  SummaryListQuery,
  TopicsOverTime,
  TopicTimeline,
  VerifyReport,
} from './types.js';

export interface StrataClientOptions {
  /** Where Strata listens, e.g. http://localhost:8080 (a path prefix is kept: https://host/strata). */
  url: string;
  /** The server's STRATA_API_KEY; sent as a bearer token. Leave out when the server has none. */
  apiKey?: string;
  /** Per attempt, answer included; default 30 s. */
  timeoutMs?: number;
  /** Retries of a 503 answer, honouring Retry-After; default 2, 0 for none. */
  retries?: number;
  /** Longest wait between retries the client accepts (a longer Retry-After ends the retries); default 30 s. */
  maxRetryDelayMs?: number;
  /** Wait before the first retry when the server sends no Retry-After, doubling after; default 500 ms. */
  retryBaseDelayMs?: number;
  /** Another fetch (a proxy agent, a test double); default globalThis.fetch. */
  fetch?: typeof globalThis.fetch;
  /** Sent with every request, e.g. a tracing header. */
  headers?: Record<string, string>;
}

/** Per call: an AbortSignal to cancel it. */
export interface CallOptions {
  signal?: AbortSignal;
}

type Fetcher = (request: Request) => Promise<Response>;

/**
 * The Strata REST API, one method per operation. Each returns the response body as the API documents
 * it and throws a StrataClientError otherwise: StrataApiError for an error status (with the API's
 * `error`, `message` and `issues`), StrataTimeoutError, or StrataConnectionError.
 *
 * `raw` is the underlying openapi-fetch client, typed by the same generated paths, for anything the
 * methods do not cover (custom headers per call, streaming).
 */
export class StrataClient {
  readonly raw: Client<paths>;
  private readonly timeoutMs: number;
  private readonly retrying: Fetcher;
  private readonly once: Fetcher;

  constructor(options: StrataClientOptions) {
    if (!/^https?:\/\//.test(options.url)) {
      throw new TypeError(`url must be an http(s) URL such as http://localhost:8080, not "${options.url}"`);
    }
    this.timeoutMs = options.timeoutMs ?? 30_000;
    const retry: RetryPolicy = {
      retries: options.retries ?? 2,
      baseDelayMs: options.retryBaseDelayMs ?? 500,
      maxDelayMs: options.maxRetryDelayMs ?? 30_000,
    };
    // Bound late, so a fetch patched after the client was made (test doubles, instrumentation) is used.
    const base = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.retrying = resilientFetch({ fetch: base, timeoutMs: this.timeoutMs, retry });
    this.once = resilientFetch({ fetch: base, timeoutMs: this.timeoutMs, retry: { ...retry, retries: 0 } });
    this.raw = createClient<paths>({
      baseUrl: options.url.replace(/\/+$/, ''),
      fetch: this.retrying,
      headers: {
        ...options.headers,
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
    });
  }

  /** GET /healthz: the process is alive. */
  health(call?: CallOptions): Promise<{ status: 'ok' }> {
    return this.send(this.raw.GET('/healthz', { ...call }));
  }

  /**
   * GET /readyz: whether Neo4j is reachable and the schema online. A 503 is an answer here, not an error,
   * so it is returned (ready: false, with the reason) and never retried.
   */
  ready(call?: CallOptions): Promise<Readiness> {
    return this.send(this.raw.GET('/readyz', { ...call, fetch: this.once }), [503]);
  }

  /** POST /v1/groups/{groupId}/memories: store 1-1000 memories; idempotent, all or nothing. */
  addMemories(groupId: string, memories: MemoryInput[], call?: CallOptions): Promise<IngestResult> {
    return this.send(
      this.raw.POST('/v1/groups/{groupId}/memories', {
        ...call,
        params: { path: { groupId } },
        body: { memories },
      }),
    );
  }

  /** GET /v1/groups/{groupId}: time zone, last ingest and cycle, counts (404 for a group with no memories). */
  getGroup(groupId: string, call?: CallOptions): Promise<Group> {
    return this.send(this.raw.GET('/v1/groups/{groupId}', { ...call, params: { path: { groupId } } }));
  }

  /** PUT /v1/groups/{groupId}/settings: the time zone (before the first calendar summaries) and the era parameters. */
  setGroupSettings(
    groupId: string,
    settings: GroupSettings,
    call?: CallOptions,
  ): Promise<GroupSettingsInForce> {
    return this.send(
      this.raw.PUT('/v1/groups/{groupId}/settings', {
        ...call,
        params: { path: { groupId } },
        body: settings,
      }),
    );
  }

  /** DELETE /v1/groups/{groupId}: the group and everything it holds. */
  deleteGroup(groupId: string, call?: CallOptions): Promise<{ deleted: string }> {
    return this.send(this.raw.DELETE('/v1/groups/{groupId}', { ...call, params: { path: { groupId } } }));
  }

  /** GET /v1/groups/{groupId}/verify: check the group's graph (parents, NEXT_PERIOD chains, counts, vectors). */
  verify(groupId: string, call?: CallOptions): Promise<VerifyReport> {
    return this.send(this.raw.GET('/v1/groups/{groupId}/verify', { ...call, params: { path: { groupId } } }));
  }

  /**
   * POST /v1/groups/{groupId}/aggregate: run a roll-up cycle now. When another instance holds the group's cycle
   * lease the server does nothing and answers 409: this throws StrataLeaseHeldError (with `leaseExpiresAt`),
   * or, with `waitForLeaseMs`, tries again after each Retry-After until that much time has passed.
   */
  async aggregate(
    groupId: string,
    options: { dryRun?: boolean; waitForLeaseMs?: number } = {},
    call?: CallOptions,
  ): Promise<CycleReport> {
    const query = options.dryRun === undefined ? {} : { dryRun: String(options.dryRun) };
    const deadline = Date.now() + (options.waitForLeaseMs ?? 0);
    for (;;) {
      try {
        return await this.send(
          this.raw.POST('/v1/groups/{groupId}/aggregate', { ...call, params: { path: { groupId }, query } }),
        );
      } catch (error) {
        const wait = error instanceof StrataLeaseHeldError ? (error.retryAfterMs ?? 1000) : null;
        if (wait === null || Date.now() + wait > deadline) throw error;
        await abortableSleep(wait, call?.signal);
      }
    }
  }

  /** GET /v1/groups/{groupId}/summaries: newest first, by level and window. */
  listSummaries(
    groupId: string,
    query: SummaryListQuery = {},
    call?: CallOptions,
  ): Promise<{ summaries: Summary[] }> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/summaries', { ...call, params: { path: { groupId }, query } }),
    );
  }

  /** GET /v1/summaries/{id}: one summary with its children, parents and NEXT_PERIOD neighbours. */
  getSummary(id: string, call?: CallOptions): Promise<SummaryDetail> {
    return this.send(this.raw.GET('/v1/summaries/{id}', { ...call, params: { path: { id } } }));
  }

  /** GET /v1/groups/{groupId}/entities: who and what the group talks about, by kind, name and window, paged. */
  entities(groupId: string, query: EntityListQuery = {}, call?: CallOptions): Promise<EntityList> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/entities', { ...call, params: { path: { groupId }, query } }),
    );
  }

  /** GET /v1/groups/{groupId}/entities/{entityId}: one entity's profile. */
  entity(groupId: string, entityId: string, call?: CallOptions): Promise<EntityProfile> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/entities/{entityId}', {
        ...call,
        params: { path: { groupId, entityId } },
      }),
    );
  }

  /** GET /v1/groups/{groupId}/entities/over-time: every period of a level with the entities its sessions name most. */
  entitiesOverTime(
    groupId: string,
    query: Omit<EntitiesOverTimeQuery, 'format'> = {},
    call?: CallOptions,
  ): Promise<EntitiesOverTime> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/entities/over-time', {
        ...call,
        params: { path: { groupId }, query: { ...query, format: 'json' } },
      }),
    );
  }

  /** GET /v1/groups/{groupId}/entities/over-time?format=csv: one row per period and entity, as pandas and R read it. */
  entitiesOverTimeCsv(
    groupId: string,
    query: Omit<EntitiesOverTimeQuery, 'format'> = {},
    call?: CallOptions,
  ): Promise<string> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/entities/over-time', {
        ...call,
        params: { path: { groupId }, query: { ...query, format: 'csv' } },
        parseAs: 'text',
      }),
    );
  }

  /** POST /v1/groups/{groupId}/recall: hybrid search, decay-aware ranking, expansion down to the words said. */
  recall(groupId: string, request: RecallRequest, call?: CallOptions): Promise<RecallResponse> {
    return this.send(
      this.raw.POST('/v1/groups/{groupId}/recall', { ...call, params: { path: { groupId } }, body: request }),
    );
  }

  /** GET /v1/groups/{groupId}/context: a prompt-ready block within a token budget. */
  context(groupId: string, query: ContextQuery = {}, call?: CallOptions): Promise<GroupContext> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/context', { ...call, params: { path: { groupId }, query } }),
    );
  }

  /**
   * GET /v1/groups/{groupId}/export: the group's export, one line at a time as it arrives (NDJSON), so a client
   * holds one line, not the group. The last line is `{kind: 'end'}`; an export without it was cut short.
   */
  async *exportGroup(
    groupId: string,
    options: { summaries?: boolean } = {},
    call?: CallOptions,
  ): AsyncGenerator<ExportLine> {
    const query = options.summaries === undefined ? {} : { summaries: String(options.summaries) };
    const body = await this.send<ReadableStream<Uint8Array>>(
      this.raw.GET('/v1/groups/{groupId}/export', {
        ...call,
        params: { path: { groupId }, query },
        parseAs: 'stream',
      }) as Promise<{ data?: ReadableStream<Uint8Array>; error?: unknown; response: Response }>,
    );
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(chunk, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) yield JSON.parse(line) as ExportLine;
    }
    pending += decoder.decode();
    if (pending.trim()) yield JSON.parse(pending) as ExportLine;
  }

  /** POST /v1/compact: summarise the older messages of a chat history, keep the latest whole. */
  compact(request: CompactRequest, call?: CallOptions): Promise<CompactResponse> {
    return this.send(this.raw.POST('/v1/compact', { ...call, body: request }));
  }

  /** GET /v1/groups/{groupId}/drift: topic drift and embedding distance between consecutive periods. */
  drift(groupId: string, query: Omit<SeriesQuery, 'format'> = {}, call?: CallOptions): Promise<DriftSeries> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/drift', {
        ...call,
        params: { path: { groupId }, query: { ...query, format: 'json' } },
      }),
    );
  }

  /** GET /v1/groups/{groupId}/drift?format=csv: the same series as CSV text. */
  driftCsv(groupId: string, query: Omit<SeriesQuery, 'format'> = {}, call?: CallOptions): Promise<string> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/drift', {
        ...call,
        params: { path: { groupId }, query: { ...query, format: 'csv' } },
        parseAs: 'text',
      }),
    );
  }

  /** GET /v1/groups/{groupId}/drift/chart: periods with topics, the drift series and the eras. */
  driftChart(
    groupId: string,
    query: Omit<SeriesQuery, 'format'> = {},
    call?: CallOptions,
  ): Promise<DriftChart> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/drift/chart', { ...call, params: { path: { groupId }, query } }),
    );
  }

  /** GET /v1/groups/{groupId}/topics: every topic of every period, one row per period and topic. */
  topicsOverTime(
    groupId: string,
    query: Omit<SeriesQuery, 'format'> = {},
    call?: CallOptions,
  ): Promise<TopicsOverTime> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/topics', {
        ...call,
        params: { path: { groupId }, query: { ...query, format: 'json' } },
      }),
    );
  }

  /** GET /v1/groups/{groupId}/topics?format=csv: the same table as CSV text, as pandas and R read it. */
  topicsOverTimeCsv(
    groupId: string,
    query: Omit<SeriesQuery, 'format'> = {},
    call?: CallOptions,
  ): Promise<string> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/topics', {
        ...call,
        params: { path: { groupId }, query: { ...query, format: 'csv' } },
        parseAs: 'text',
      }),
    );
  }

  /** GET /v1/groups/{groupId}/topics/{name}/timeline: one topic's weight per period. */
  topicTimeline(
    groupId: string,
    name: string,
    query: Omit<SeriesQuery, 'format'> = {},
    call?: CallOptions,
  ): Promise<TopicTimeline> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/topics/{name}/timeline', {
        ...call,
        params: { path: { groupId, name }, query },
      }),
    );
  }

  /**
   * GET /v1/groups/{groupId}/eras: eras in time order, the current one last; with `entities: true`, each with the
   * entities its sessions name most (slower on long eras).
   */
  eras(groupId: string, query: { entities?: boolean } = {}, call?: CallOptions): Promise<{ eras: Era[] }> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/eras', {
        ...call,
        params: {
          path: { groupId },
          query: query.entities === undefined ? {} : { entities: String(query.entities) },
        },
      }),
    );
  }

  /** GET /v1/groups/{groupId}/eras/signal: what the era detector reads, day by day, with its provenance. */
  eraSignal(groupId: string, call?: CallOptions): Promise<EraSignal> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/eras/signal', { ...call, params: { path: { groupId } } }),
    );
  }

  /** The same as CSV, one row per day and topic (pandas: pd.read_csv). */
  eraSignalCsv(groupId: string, call?: CallOptions): Promise<string> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/eras/signal', {
        ...call,
        params: { path: { groupId }, query: { format: 'csv' } },
        parseAs: 'text',
      }),
    );
  }

  /** POST /v1/groups/{groupId}/eras/preview: the eras other detector parameters give; nothing is written. */
  previewEras(groupId: string, request: EraParameters = {}, call?: CallOptions): Promise<EraPreview> {
    return this.send(
      this.raw.POST('/v1/groups/{groupId}/eras/preview', {
        ...call,
        params: { path: { groupId } },
        body: request,
      }),
    );
  }

  /** POST /v1/groups/{groupId}/eras/score: the eras against gold boundaries (Pk, WindowDiff, boundary F1, Hausdorff). */
  scoreEras(groupId: string, request: EraScoreRequest, call?: CallOptions): Promise<SegmentationScore> {
    return this.send(
      this.raw.POST('/v1/groups/{groupId}/eras/score', {
        ...call,
        params: { path: { groupId } },
        body: request,
      }),
    );
  }

  /**
   * GET /v1/groups/{groupId}/profile: the current era and the topic evolution of the last 12 weeks; with
   * `entities: true`, the current era's most named entities too.
   */
  profile(groupId: string, query: { entities?: boolean } = {}, call?: CallOptions): Promise<GroupProfile> {
    return this.send(
      this.raw.GET('/v1/groups/{groupId}/profile', {
        ...call,
        params: {
          path: { groupId },
          query: query.entities === undefined ? {} : { entities: String(query.entities) },
        },
      }),
    );
  }

  /**
   * GET /v1/admin/reembed: the embedder of the database's vectors, a re-embedding under way, and the server's latest
   * (an admin key for every group).
   */
  reembedStatus(call?: CallOptions): Promise<ReembedStatus> {
    return this.send(this.raw.GET('/v1/admin/reembed', { ...call }));
  }

  /** POST /v1/admin/reembed: re-embed the database with the server's embedder, in the background; poll reembedStatus. */
  startReembed(request: Partial<ReembedRequest> = {}, call?: CallOptions): Promise<ReembedStatus> {
    return this.send(this.raw.POST('/v1/admin/reembed', { ...call, body: request }));
  }

  /** POST /v1/admin/reembed/dry-run: what a re-embedding would do (counts, calls, embedding time); writes nothing. */
  estimateReembed(request: Partial<ReembedRequest> = {}, call?: CallOptions): Promise<ReembedReport> {
    return this.send(this.raw.POST('/v1/admin/reembed/dry-run', { ...call, body: request }));
  }

  /** GET /groups/{groupId}/drift: the drift page's HTML. */
  driftPage(groupId: string, call?: CallOptions): Promise<string> {
    return this.send(
      this.raw.GET('/groups/{groupId}/drift', { ...call, params: { path: { groupId } }, parseAs: 'text' }),
    );
  }

  /** GET /openapi.json: the OpenAPI 3.1 document these types were generated from. */
  openApiDocument(call?: CallOptions): Promise<OpenApiDocument> {
    return this.send(this.raw.GET('/openapi.json', { ...call }));
  }

  /** GET /docs: the Swagger UI page's HTML. */
  docsPage(call?: CallOptions): Promise<string> {
    return this.send(this.raw.GET('/docs', { ...call, parseAs: 'text' }));
  }

  /**
   * Awaits an openapi-fetch call and returns its data, or the body of one of the `alsoData` statuses,
   * which the API documents as answers rather than failures; everything else becomes a StrataClientError.
   */
  private async send<T>(
    pending: Promise<{ data?: T; error?: unknown; response: Response }>,
    alsoData: number[] = [],
  ): Promise<T> {
    let result: Awaited<typeof pending>;
    try {
      result = await pending;
    } catch (error) {
      throw this.transportError(error);
    }
    const { data, error, response } = result;
    if (response.ok) return data as T;
    if (alsoData.includes(response.status) && error && typeof error === 'object') return error as T;
    throw apiError(response.status, error, retryAfterMs(response.headers.get('retry-after'), Date.now()));
  }

  private transportError(error: unknown): StrataClientError {
    if (error instanceof StrataClientError) return error;
    const name = (error as { name?: string } | null)?.name;
    if (name === 'TimeoutError') return new StrataTimeoutError(this.timeoutMs, { cause: error });
    if (name === 'AbortError') return new StrataConnectionError('the request was aborted', { cause: error });
    // undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND) in the cause.
    const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
    const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return new StrataConnectionError(`could not reach Strata: ${detail}`, { cause: error });
  }
}

export type OpenApiDocument = operations['getOpenapiJson']['responses'][200]['content']['application/json'];

/**
 * Each operation of the API and the method that calls it. The `satisfies` clause makes the compiler
 * refuse this file when the generated types gain an operation the client has no method for.
 */
export const OPERATION_METHODS = {
  getHealthz: 'health',
  getReadyz: 'ready',
  postV1GroupsByGroupIdMemories: 'addMemories',
  getV1GroupsByGroupId: 'getGroup',
  getV1GroupsByGroupIdExport: 'exportGroup',
  putV1GroupsByGroupIdSettings: 'setGroupSettings',
  deleteV1GroupsByGroupId: 'deleteGroup',
  getV1GroupsByGroupIdVerify: 'verify',
  postV1GroupsByGroupIdAggregate: 'aggregate',
  getV1GroupsByGroupIdSummaries: 'listSummaries',
  getV1SummariesById: 'getSummary',
  getV1GroupsByGroupIdEntities: 'entities',
  getV1GroupsByGroupIdEntitiesOverTime: 'entitiesOverTime',
  getV1GroupsByGroupIdEntitiesByEntityId: 'entity',
  postV1GroupsByGroupIdRecall: 'recall',
  getV1GroupsByGroupIdContext: 'context',
  postV1Compact: 'compact',
  getV1GroupsByGroupIdDrift: 'drift',
  getV1GroupsByGroupIdTopics: 'topicsOverTime',
  getV1GroupsByGroupIdDriftChart: 'driftChart',
  getV1GroupsByGroupIdTopicsByNameTimeline: 'topicTimeline',
  getV1GroupsByGroupIdEras: 'eras',
  getV1GroupsByGroupIdErasSignal: 'eraSignal',
  postV1GroupsByGroupIdErasPreview: 'previewEras',
  postV1GroupsByGroupIdErasScore: 'scoreEras',
  getV1GroupsByGroupIdProfile: 'profile',
  getV1AdminReembed: 'reembedStatus',
  postV1AdminReembed: 'startReembed',
  postV1AdminReembedDryRun: 'estimateReembed',
  getGroupsByGroupIdDrift: 'driftPage',
  getOpenapiJson: 'openApiDocument',
  getDocs: 'docsPage',
} as const satisfies Record<keyof operations, keyof StrataClient>;
