import type { CallbackManagerForRetrieverRun } from '@langchain/core/callbacks/manager';
import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import { StrataClient, type StrataClientOptions } from './client.js';
import type { RecallItem, RecallLevel, RecallRequest, RecallResponse } from './types.js';

/** Runs a recall for a group: the server hands in its own (in-process) one; agents give a URL instead. */
export type RecallFunction = (groupId: string, request: RecallRequest) => Promise<RecallResponse>;

interface RetrieverFields extends BaseRetrieverInput {
  groupId: string;
  k?: number;
  levels?: RecallLevel[];
  /** Also return the memories each summary hit expands to; default true. */
  includeDetails?: boolean;
  /**
   * The moment the questions are asked (ISO 8601 with an offset), or a function giving it per question; default
   * now. "Last week" is read against it, and nothing after it is returned.
   */
  asOf?: string | (() => string | undefined);
}

/** Where the recall comes from: a Strata URL (with the client's options), a client, or a recall function. */
type RecallSource =
  | (StrataClientOptions & { client?: never; recall?: never })
  | { client: StrataClient; url?: never; recall?: never }
  | { recall: RecallFunction; url?: never; client?: never };

export type StrataRetrieverInput = RetrieverFields & RecallSource;

export interface StrataDocumentMetadata {
  id: string;
  kind: RecallItem['kind'];
  level: RecallLevel;
  /** "periodStart..periodEnd" for summaries and eras, the timestamp for memories. */
  period: string | undefined;
  score: number;
  path: string[];
  speaker?: string;
  /** For expanded memories: the hit they were found under. */
  parentId?: string;
}

function periodOf(item: { periodStart?: string; periodEnd?: string; ts?: string }): string | undefined {
  if (item.periodStart && item.periodEnd) return `${item.periodStart}..${item.periodEnd}`;
  return item.ts ?? item.periodStart;
}

function recallSource(fields: StrataRetrieverInput): RecallFunction {
  if (fields.recall) return fields.recall;
  const client = fields.client ?? new StrataClient(fields as StrataClientOptions);
  return (groupId, request) => client.recall(groupId, request);
}

/**
 * Strata recall as a LangChain retriever: one Document per hit, best first, then (with includeDetails)
 * one per memory the summary hits expanded to, so a chain gets both the overview and the words behind it.
 *
 *   new StrataRetriever({ url: 'http://localhost:8080', apiKey, groupId: 'team-a', k: 5 })
 */
export class StrataRetriever extends BaseRetriever<StrataDocumentMetadata> {
  override lc_namespace = ['strata', 'retrievers'];

  static override lc_name(): string {
    return 'StrataRetriever';
  }

  // Serialised retrievers (LangSmith, toJSON) show the secret's name, never the key itself.
  override get lc_secrets(): Record<string, string> {
    return { apiKey: 'STRATA_API_KEY' };
  }

  private readonly recall: RecallFunction;
  readonly groupId: string;
  readonly k?: number;
  readonly levels?: RecallLevel[];
  readonly includeDetails: boolean;
  readonly asOf?: string | (() => string | undefined);

  constructor(fields: StrataRetrieverInput) {
    super(fields);
    this.recall = recallSource(fields);
    this.groupId = fields.groupId;
    this.k = fields.k;
    this.levels = fields.levels;
    this.includeDetails = fields.includeDetails ?? true;
    this.asOf = fields.asOf;
  }

  override async _getRelevantDocuments(
    query: string,
    _runManager?: CallbackManagerForRetrieverRun,
  ): Promise<Document<StrataDocumentMetadata>[]> {
    const asOf = typeof this.asOf === 'function' ? this.asOf() : this.asOf;
    const response = await this.recall(this.groupId, {
      query,
      ...(asOf !== undefined ? { asOf } : {}),
      ...(this.k !== undefined ? { k: this.k } : {}),
      ...(this.levels ? { levels: this.levels } : {}),
      // Without details there is no point in the server walking down to memories.
      ...(this.includeDetails ? {} : { expand: { down: false } }),
    });

    const hits = response.items.map(
      (item) =>
        new Document<StrataDocumentMetadata>({
          id: item.id,
          pageContent: item.text,
          metadata: {
            id: item.id,
            kind: item.kind,
            level: item.level,
            period: periodOf(item),
            score: item.score,
            path: item.path,
            ...(item.speaker !== undefined ? { speaker: item.speaker } : {}),
          },
        }),
    );
    if (!this.includeDetails) return hits;

    const details = response.items.flatMap((item) =>
      item.details.map(
        (detail) =>
          new Document<StrataDocumentMetadata>({
            id: detail.id,
            pageContent: detail.text,
            metadata: {
              id: detail.id,
              kind: 'memory',
              level: 'memory',
              period: detail.ts,
              score: detail.score,
              path: detail.path,
              speaker: detail.speaker,
              parentId: item.id,
            },
          }),
      ),
    );
    return [...hits, ...details];
  }
}
